import { formatInstant } from '@formwork/shared/forms/date-text';
import { type Locale, localeConventions, locales } from '@formwork/shared/locales';
import type { AccessibleWorkspace, UpdateWorkspace } from '@formwork/shared/schemas/workspaces';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { timeZoneNames } from '../../../lib/time-zone-names.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useUpdateWorkspace } from '../api/accessible-workspaces.ts';
import { JointVentureInput, jointVentureDraft, readJointVentureDraft } from './joint-venture-input.tsx';
import { LogoInput } from './logo-input.tsx';

/** What changed between the saved settings and the edited ones: the PATCH body (only those). */
export function changedSettings<T extends Record<string, unknown>>(saved: T, edited: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(edited).filter(([key, value]) => JSON.stringify(saved[key]) !== JSON.stringify(value)),
  ) as Partial<T>;
}

/** Saves the changed settings, tells the user, and guards leaving with unsaved ones. */
export function useSettingsSave(workspaceId: string, changes: UpdateWorkspace) {
  const { t } = useTranslation();
  const update = useUpdateWorkspace(workspaceId);
  const changed = Object.keys(changes).length > 0;
  const save = async (): Promise<boolean> => {
    try {
      await update.mutateAsync(changes);
    } catch {
      return false; // the app's error handler has told the user
    }
    showToast('success', t('workspaceSettings.saved'));
    return true;
  };
  // Leaving with changed settings asks first, as every editor does.
  useUnsavedChangesGuard(changed, { onSave: save });
  return { save, changed, saving: update.isPending };
}

/** The Save button of a settings tab, or the note that only org controllers change them. */
export function SettingsSaveBar({
  canEdit,
  changed,
  saving,
  onSave,
}: {
  canEdit: boolean;
  changed: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return canEdit ? (
    <Group justify="flex-end">
      <Button onClick={onSave} disabled={!changed} loading={saving}>
        {t('workspaceSettings.save')}
      </Button>
    </Group>
  ) : (
    <Text size="sm" c="dimmed">
      {t('workspaceSettings.onlyOrgControllers')}
    </Text>
  );
}

/**
 * The General tab of the workspace settings (spec 2.6, the Home Folder's Settings): its name, logo
 * (shown within 96 x 32 px, under 50Kb), time zone (every date on screen, in exports and in PDFs),
 * language, and whether it is a joint venture (spec 5.4). Org controllers change them (workspace.edit); other members see them.
 */
export function WorkspaceSettings({ workspace, canEdit }: { workspace: AccessibleWorkspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const dates = useDateText();
  const saved = {
    name: workspace.name,
    timeZone: workspace.timeZone,
    locale: workspace.locale as Locale,
    logoFileId: workspace.logoFileId,
    jointVenture: workspace.jointVenture,
  };
  const [edited, setEdited] = useState(saved);
  const [jvDraft, setJvDraft] = useState(() => jointVentureDraft(workspace.jointVenture));
  const jv = readJointVentureDraft(jvDraft);
  const jvInvalid = Object.keys(jv.errors).length > 0;
  const [logoPreview, setLogoPreview] = useState<string | null>(workspace.logoUrl);
  const options = useMemo(() => timeZoneNames(workspace.timeZone), [workspace.timeZone]);
  const changes = changedSettings(saved, { ...edited, jointVenture: jvInvalid ? saved.jointVenture : jv.value });
  const { save, changed, saving } = useSettingsSave(workspace.workspaceId, changes);
  const nameError = edited.name.trim() === '' ? t('workspaceSettings.nameRequired') : null;

  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <TextInput
          label={t('workspaceSettings.name')}
          value={edited.name}
          maxLength={100}
          onChange={(e) => setEdited({ ...edited, name: e.currentTarget.value })}
          error={nameError}
          disabled={!canEdit}
        />
        <LogoInput
          label={t('workspaceSettings.logo')}
          description={t('workspaceSettings.logoHelp')}
          workspaceId={workspace.workspaceId}
          preview={logoPreview}
          disabled={!canEdit}
          onChange={(logo) => {
            setEdited({ ...edited, logoFileId: logo?.fileId ?? null });
            setLogoPreview(logo?.url ?? null);
          }}
        />
        <Select
          label={t('workspaceSettings.timeZone')}
          description={t('workspaceSettings.timeZoneHelp')}
          data={options}
          value={edited.timeZone}
          onChange={(value) => value && setEdited({ ...edited, timeZone: value })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('workspaceSettings.noTimeZone')}
          disabled={!canEdit}
        />
        <Text size="sm" c="dimmed" data-time-zone-now>
          {t('workspaceSettings.now', {
            when: formatInstant(new Date(), { locale: dates.locale, timeZone: edited.timeZone }),
          })}
        </Text>
        <Select
          label={t('workspaceSettings.locale')}
          description={t('workspaceSettings.localeHelp')}
          data={locales.map((value) => ({ value, label: localeConventions[value].name }))}
          value={edited.locale}
          onChange={(value) => value && setEdited({ ...edited, locale: value as typeof edited.locale })}
          allowDeselect={false}
          disabled={!canEdit}
        />
        <JointVentureInput draft={jvDraft} onChange={setJvDraft} disabled={!canEdit} />
        <SettingsSaveBar
          canEdit={canEdit}
          changed={changed && !nameError && !jvInvalid}
          saving={saving}
          onSave={() => void save()}
        />
      </Stack>
    </Paper>
  );
}
