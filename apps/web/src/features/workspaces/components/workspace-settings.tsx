import { formatInstant, isTimeZone } from '@formwork/shared/forms/date-text';
import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useUpdateWorkspace } from '../api/accessible-workspaces.ts';

/** The IANA zones this browser knows, UTC first, plus the workspace's own if the list lacks it. */
function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].filter(isTimeZone);
}

/**
 * The General tab of the workspace settings (spec 2.6, the Home Folder's Settings): the workspace's
 * time zone, which every date on screen, in exports and in PDFs uses.
 * Org controllers change it (workspace.edit); other members see it.
 */
export function WorkspaceSettings({ workspace, canEdit }: { workspace: AccessibleWorkspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const dates = useDateText();
  const update = useUpdateWorkspace(workspace.workspaceId);
  const [timeZone, setTimeZone] = useState(workspace.timeZone);
  const options = useMemo(() => timeZoneNames(workspace.timeZone), [workspace.timeZone]);
  const changed = timeZone !== workspace.timeZone;

  const save = async (): Promise<boolean> => {
    try {
      await update.mutateAsync({ timeZone });
    } catch {
      return false; // the app's error handler has told the user
    }
    showToast('success', t('workspaceSettings.saved'));
    return true;
  };
  // Leaving with a changed zone asks first, as every editor does.
  useUnsavedChangesGuard(changed, { onSave: save });

  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <Select
          label={t('workspaceSettings.timeZone')}
          description={t('workspaceSettings.timeZoneHelp')}
          data={options}
          value={timeZone}
          onChange={(value) => value && setTimeZone(value)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('workspaceSettings.noTimeZone')}
          disabled={!canEdit}
        />
        <Text size="sm" c="dimmed" data-time-zone-now>
          {t('workspaceSettings.now', { when: formatInstant(new Date(), { locale: dates.locale, timeZone }) })}
        </Text>
        {canEdit ? (
          <Group justify="flex-end">
            <Button onClick={() => void save()} disabled={!changed} loading={update.isPending}>
              {t('workspaceSettings.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('workspaceSettings.onlyOrgControllers')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
