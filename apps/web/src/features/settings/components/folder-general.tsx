import {
  folderNameMaxLength,
  folderNameMessage,
  folderNameProblem,
  folderNameTooLongMessage,
} from '@formwork/shared/folder-name';
import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useFolderSettings } from '../api/folder-settings.ts';

/** Renames the folder (the folder navigation's rename, composed by the app); absent without the right. */
export type FolderRename = (name: string) => Promise<void>;

/**
 * The General tab of a project or team folder's settings (spec 2.6): its name, which controllers
 * of the folder change (folder.rename), and the time zone its dates show in (the workspace's).
 */
export function FolderGeneral({ folderId, rename }: { folderId: string; rename?: FolderRename }) {
  const { t } = useTranslation();
  const settings = useFolderSettings(folderId);
  const [name, setName] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!settings.data) {
    return (
      <Center py="lg">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const current = name ?? settings.data.name;
  const problem = folderNameProblem(current);
  const error =
    problem === 'tooLong'
      ? t('folders.nameTooLong', { max: folderNameMaxLength, defaultValue: folderNameTooLongMessage })
      : problem === 'rule'
        ? t('folders.nameRule', { defaultValue: folderNameMessage })
        : null;
  const changed = current.trim() !== settings.data.name;
  const save = async () => {
    if (!rename) return;
    setSaving(true);
    try {
      await rename(current.trim());
      await settings.refetch();
      setName(null);
      showToast('success', t('folderRenamed'));
    } catch {
      // the app's error handler has told the user
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <TextInput
          label={t('settings.folderName')}
          value={current}
          maxLength={folderNameMaxLength}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          readOnly={!rename}
        />
        <TextInput
          label={t('workspaceSettings.timeZone')}
          description={t('settings.folderTimeZoneHelp')}
          value={settings.data.timeZone}
          readOnly
        />
        {rename ? (
          <Group justify="flex-end">
            <Button onClick={() => void save()} disabled={!changed || error !== null} loading={saving}>
              {t('workspaceSettings.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('settings.folderGeneralHelp')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
