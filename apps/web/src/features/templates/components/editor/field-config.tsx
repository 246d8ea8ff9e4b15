import type { Field } from '@formwork/shared/fields/field';
import { photoSizes } from '@formwork/shared/fields/field-base';
import type { WorkflowColumn } from '@formwork/shared/templates/template-definition';
import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateFolder } from '../../api/templates.ts';
import { ChoiceOptionsEditor } from './choice-options-editor.tsx';
import { FormulaEditor } from './formula-editor.tsx';
import { ListFieldListPicker, ListPropertyPickers } from './list-field-config.tsx';
import { PrefilledRowsEditor } from './prefilled-rows-editor.tsx';
import { TableColumnsEditor } from './table-columns-editor.tsx';

type Props = {
  /** The folder the template lives in (list fields read the lists it may read). */
  folder: TemplateFolder;
  field: Field;
  fields: readonly Field[];
  workflowColumns: readonly WorkflowColumn[] | null;
  onChange: (field: Field) => void;
};

/** The options of one field, by type (spec 3). */
export function FieldConfig({ folder, field, fields, workflowColumns, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as Field);
  const optional = (value: string) => (value.trim() === '' ? undefined : value);
  /** A yes/no option of the field, labelled by its own key. */
  const flag = (key: string, checked: boolean | undefined) => (
    <Switch
      label={t(`editor.field.${key}`)}
      checked={Boolean(checked)}
      onChange={(e) => set({ [key]: e.currentTarget.checked })}
    />
  );

  const common = (
    <>
      <TextInput
        label={t('editor.field.label')}
        value={field.label}
        maxLength={500}
        onChange={(e) => set({ label: e.currentTarget.value })}
      />
      <TextInput
        label={t('editor.field.description')}
        value={field.description ?? ''}
        maxLength={2000}
        onChange={(e) => set({ description: optional(e.currentTarget.value) })}
      />
      {field.type !== 'pageBreak' && flag('required', field.required)}
    </>
  );

  let specific: ReactNode = null;
  switch (field.type) {
    case 'singleLineText':
    case 'multiLineText':
      specific = (
        <>
          <TextInput
            label={t('editor.field.placeholder')}
            value={field.placeholder ?? ''}
            onChange={(e) => set({ placeholder: optional(e.currentTarget.value) })}
          />
          {field.type === 'singleLineText' && (
            <TextInput
              label={t('editor.field.defaultValue')}
              value={field.defaultValue ?? ''}
              onChange={(e) => set({ defaultValue: optional(e.currentTarget.value) })}
            />
          )}
          <NumberInput
            label={t('editor.field.maxLength')}
            min={1}
            max={field.type === 'singleLineText' ? 500 : 20000}
            value={field.maxLength ?? ''}
            onChange={(v) => set({ maxLength: typeof v === 'number' ? v : undefined })}
          />
        </>
      );
      break;
    case 'prefilledText':
      specific = (
        <Textarea
          label={t('editor.field.text')}
          autosize
          minRows={3}
          maxLength={10000}
          value={field.text}
          onChange={(e) => set({ text: e.currentTarget.value })}
        />
      );
      break;
    case 'number':
      specific = (
        <Group grow>
          <NumberInput
            label={t('editor.field.decimals')}
            description={t('editor.field.decimalsHelp')}
            placeholder={t('editor.field.decimalsAny')}
            min={0}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            value={field.decimals ?? ''}
            onChange={(v) => set({ decimals: v === '' ? undefined : Number(v) })}
          />
          <NumberInput
            label={t('editor.field.min')}
            value={field.min ?? ''}
            onChange={(v) => set({ min: typeof v === 'number' ? v : undefined })}
          />
          <NumberInput
            label={t('editor.field.max')}
            value={field.max ?? ''}
            onChange={(v) => set({ max: typeof v === 'number' ? v : undefined })}
          />
          <TextInput
            label={t('editor.field.unit')}
            maxLength={20}
            value={field.unit ?? ''}
            onChange={(e) => set({ unit: optional(e.currentTarget.value) })}
          />
        </Group>
      );
      break;
    case 'formula':
      specific = (
        <>
          <FormulaEditor
            label={t('editor.field.expression')}
            expression={field.expression}
            fields={fields}
            home={{ fieldId: field.id }}
            onChange={(expression) => set({ expression })}
          />
          <NumberInput
            label={t('editor.field.decimals')}
            min={0}
            max={10}
            value={field.decimals}
            onChange={(v) => set({ decimals: Number(v) || 0 })}
          />
        </>
      );
      break;
    case 'date':
      specific = flag('defaultToToday', field.defaultToToday);
      break;
    case 'dateTime':
      specific = flag('defaultToNow', field.defaultToNow);
      break;
    case 'expiryDate':
      specific = (
        <NumberInput
          label={t('editor.field.warnDaysBefore')}
          min={0}
          max={365}
          value={field.warnDaysBefore}
          onChange={(v) => set({ warnDaysBefore: Number(v) || 0 })}
        />
      );
      break;
    case 'yesNo':
    case 'yesNoNa':
      specific = (
        <>
          {flag('withText', field.withText)}
          {field.withText && (
            <TextInput
              label={t('editor.field.textLabel')}
              value={field.textLabel ?? ''}
              onChange={(e) => set({ textLabel: optional(e.currentTarget.value) })}
            />
          )}
        </>
      );
      break;
    case 'list':
      specific = (
        <>
          <ListFieldListPicker folder={folder} listId={field.listId} onChange={(listId) => set({ listId })} />
          {flag('allowMultiple', field.allowMultiple)}
        </>
      );
      break;
    case 'multipleChoice':
    case 'dropdown':
      specific = (
        <>
          <ChoiceOptionsEditor options={field.options} onChange={(options) => set({ options })} />
          {field.type === 'multipleChoice' && flag('allowMultiple', field.allowMultiple)}
        </>
      );
      break;
    case 'listProperty':
      specific = <ListPropertyPickers folder={folder} field={field} fields={fields} onChange={set} />;
      break;
    case 'defaultTable':
    case 'prefilledTable':
      specific = (
        <>
          <SegmentedControl
            size="xs"
            aria-label={t('editor.table.orientation')}
            value={field.orientation}
            onChange={(v) => set({ orientation: v as 'vertical' | 'horizontal' })}
            data={[
              { value: 'vertical', label: t('editor.table.vertical') },
              { value: 'horizontal', label: t('editor.table.horizontal') },
            ]}
          />
          {field.orientation === 'horizontal' && (
            <Text size="xs" c="dimmed">
              {t('editor.table.horizontalNote')}
            </Text>
          )}
          <TableColumnsEditor
            columns={field.columns}
            onChange={(columns) => set({ columns })}
            min={1}
            formulas={{ fields, tableId: field.id }}
            folder={folder}
          />
          {field.type === 'prefilledTable' && <PrefilledRowsEditor field={field} onChange={(rows) => set({ rows })} />}
        </>
      );
      break;
    case 'signOnTable':
      specific = (
        <>
          <Textarea
            label={t('editor.table.statement')}
            autosize
            minRows={2}
            value={field.statement}
            onChange={(e) => set({ statement: e.currentTarget.value })}
          />
          <Text size="xs" c="dimmed">
            {t('editor.table.signOnBuiltIn')}
          </Text>
          <TableColumnsEditor
            columns={field.columns}
            onChange={(columns) => set({ columns })}
            min={0}
            formulas={{ fields, tableId: field.id }}
            folder={folder}
          />
        </>
      );
      break;
    case 'approvalSignature':
      specific = workflowColumns ? (
        <Select
          label={t('editor.field.approvalColumn')}
          description={t('editor.field.approvalColumnHelp')}
          data={workflowColumns.slice(1).map((c) => ({ value: c.id, label: c.name }))}
          value={field.columnId}
          onChange={(v) => set({ columnId: v })}
          clearable
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t('editor.field.approvalNoWorkflow')}
        </Text>
      );
      break;
    case 'photos':
      specific = (
        <>
          <SegmentedControl
            size="xs"
            aria-label={t('editor.field.photoSize')}
            value={field.size}
            onChange={(v) => set({ size: v as (typeof photoSizes)[number] })}
            data={photoSizes.map((s) => ({ value: s, label: s }))}
          />
          <NumberInput
            label={t('editor.field.maxPhotos')}
            min={1}
            max={100}
            value={field.maxPhotos ?? ''}
            onChange={(v) => set({ maxPhotos: typeof v === 'number' ? v : undefined })}
          />
        </>
      );
      break;
    case 'person':
    case 'singlePerson':
      specific = flag('teamMembersOnly', field.teamMembersOnly);
      break;
    case 'location':
      specific = flag('captureGps', field.captureGps);
      break;
    case 'relationship':
      specific = (
        <Select
          label={t('editor.field.relatedTemplate')}
          data={[]}
          disabled
          placeholder={t('editor.field.relationshipNotYet')}
        />
      );
      break;
    case 'logo':
      specific = (
        <Text size="xs" c="dimmed">
          {t('editor.field.logoWorkspace')}
        </Text>
      );
      break;
    case 'sketch':
      specific = (
        <Text size="xs" c="dimmed">
          {t('editor.field.sketchBackground')}
        </Text>
      );
      break;
    default:
      specific = (
        <Text size="xs" c="dimmed">
          {t('editor.field.automatic')}
        </Text>
      );
  }

  return (
    <Stack gap="xs">
      {common}
      {specific}
    </Stack>
  );
}
