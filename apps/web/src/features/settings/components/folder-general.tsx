import { Center, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translate.tsx';
import { useFolderSettings } from '../api/folder-settings.ts';

/**
 * The General tab of a project or team folder's settings (spec 2.6): its name and the time zone its
 * dates show in (the workspace's).
 */
export function FolderGeneral({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const settings = useFolderSettings(folderId);
  if (!settings.data) {
    return (
      <Center py="lg">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <TextInput label={t('settings.folderName')} value={settings.data.name} readOnly />
        <TextInput
          label={t('workspaceSettings.timeZone')}
          description={t('settings.folderTimeZoneHelp')}
          value={settings.data.timeZone}
          readOnly
        />
        <Text size="sm" c="dimmed">
          {t('settings.folderGeneralHelp')}
        </Text>
      </Stack>
    </Paper>
  );
}
