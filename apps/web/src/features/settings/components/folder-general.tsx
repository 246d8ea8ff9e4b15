import {
  folderNameMaxLength,
  folderNameMessage,
  folderNameProblem,
  folderNameTooLongMessage,
} from '@formwork/shared/folder-name';
import { Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { timeZoneNames } from '../../../lib/time-zone-names.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useFolderSettings, useSetFolderTimeZone } from '../api/folder-settings.ts';

/** Renames the folder (the folder navigation's rename, composed by the app); absent without the right. */
export type FolderRename = (name: string) => Promise<void>;

/**
 * The General tab of a project or team folder's settings (spec 2.6): its name and its time zone
 * (issue 23.1: its own, or inherited from its project or the workspace), which the folder's
 * controllers change (folder.rename).
 */
export function FolderGeneral({ folderId, rename }: { folderId: string; rename?: FolderRename }) {
  const { t } = useTranslation();
  const settings = useFolderSettings(folderId);
  const setZone = useSetFolderTimeZone(folderId);
  const [name, setName] = useState<string | null>(null);
  // The picked zone: '' inherits; null: unchanged.
  const [zone, setZoneDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ownZone = settings.data?.ownTimeZone ?? '';
  const zoneOptions = useMemo(
    () => [
      {
        value: '',
        label: t('settings.folderTimeZoneInherit', { zone: settings.data?.inheritedTimeZone ?? 'UTC' }),
      },
      ...timeZoneNames(ownZone || 'UTC').map((z) => ({ value: z, label: z })),
    ],
    [ownZone, settings.data?.inheritedTimeZone, t],
  );
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
  const renamed = current.trim() !== settings.data.name;
  const pickedZone = zone ?? ownZone;
  const zoneChanged = pickedZone !== ownZone;
  const changed = renamed || zoneChanged;
  const save = async () => {
    if (!rename) return;
    setSaving(true);
    try {
      if (renamed) await rename(current.trim());
      if (zoneChanged) await setZone.mutateAsync(pickedZone || null);
      await settings.refetch();
      setName(null);
      setZoneDraft(null);
      showToast('success', t(renamed ? 'folderRenamed' : 'settings.folderTimeZoneSaved'));
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
        <Select
          label={t('workspaceSettings.timeZone')}
          description={t('settings.folderTimeZoneHelp')}
          data={zoneOptions}
          value={pickedZone}
          onChange={(value) => setZoneDraft(value ?? '')}
          searchable
          allowDeselect={false}
          readOnly={!rename}
          maxDropdownHeight={280}
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
