import { definitionForType, type TemplateType, templateTypes } from '@formwork/shared/templates/template-definition';
import { MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { Draft } from '../../hooks/use-template-draft.ts';

type TextSetting = 'name' | 'templateCode' | 'formName';

/** The Settings tab: name, Template ID, form name, type (new templates only) and tabs. */
export function TemplateSettingsTab({
  draft,
  isNew,
  tabs,
  errorAt,
  onChange,
}: {
  draft: Draft;
  isNew: boolean;
  /** The folder's template tabs a new template may start in. */
  tabs: readonly { id: string; name: string }[];
  errorAt: (key: TextSetting) => string | undefined;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={560}>
      <TextInput
        label={t('editor.settings.name')}
        required
        value={draft.name}
        error={errorAt('name')}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <TextInput
        label={t('editor.settings.templateCode')}
        description={t('editor.settings.templateCodeHelp')}
        required
        value={draft.templateCode}
        error={errorAt('templateCode')}
        onChange={(e) => onChange({ templateCode: e.currentTarget.value })}
      />
      <TextInput
        label={t('editor.settings.formName')}
        description={t('editor.settings.formNameHelp')}
        required
        value={draft.formName}
        error={errorAt('formName')}
        onChange={(e) => onChange({ formName: e.currentTarget.value })}
      />
      <Select
        label={t('editor.settings.type')}
        description={isNew ? t('editor.settings.typeHelpNew') : t('editor.settings.typeFixed')}
        data={templateTypes.map((type) => ({ value: type, label: t(`templates.types.${type}`) }))}
        value={draft.type}
        disabled={!isNew}
        allowDeselect={false}
        onChange={(v) => {
          const type = (v ?? 'timeline') as TemplateType;
          onChange({ type, definition: definitionForType(draft.definition, type) });
        }}
      />
      {isNew && tabs.length > 0 && (
        <MultiSelect
          label={t('editor.settings.tabs')}
          data={tabs.map((x) => ({ value: x.id, label: x.name }))}
          value={draft.tabIds}
          onChange={(tabIds) => onChange({ tabIds })}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
