import type { Field } from '@formwork/shared/fields/field';
import type { ChoiceOption } from '@formwork/shared/fields/field-base';
import { photoSizes } from '@formwork/shared/fields/field-base';
import {
  type ColumnWidth,
  columnCellTypes,
  columnWidths,
  type TableColumn,
  withColumnWidth,
  xsCellTypes,
} from '@formwork/shared/fields/table-fields';
import { parseTablePaste } from '@formwork/shared/templates/table-paste';
import type { WorkflowColumn } from '@formwork/shared/templates/template-definition';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newColumn, newId } from '../../model/new-field.ts';
import { FormulaEditor } from './formula-editor.tsx';

type Props = {
  field: Field;
  fields: readonly Field[];
  workflowColumns: readonly WorkflowColumn[] | null;
  onChange: (field: Field) => void;
};

/** The options of one field, by type (spec 3). */
export function FieldConfig({ field, fields, workflowColumns, onChange }: Props) {
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
          <Select label={t('editor.field.list')} data={[]} disabled placeholder={t('editor.field.listsNotYet')} />
          {flag('allowMultiple', field.allowMultiple)}
        </>
      );
      break;
    case 'multipleChoice':
    case 'dropdown':
      specific = (
        <>
          <OptionsEditor options={field.options} onChange={(options) => set({ options })} />
          {field.type === 'multipleChoice' && flag('allowMultiple', field.allowMultiple)}
        </>
      );
      break;
    case 'listProperty':
      specific = (
        <>
          <Select
            label={t('editor.field.sourceField')}
            data={fields.filter((f) => f.type === 'list').map((f) => ({ value: f.id, label: f.label || f.id }))}
            value={field.sourceFieldId}
            onChange={(v) => set({ sourceFieldId: v })}
            clearable
          />
          <TextInput
            label={t('editor.field.property')}
            value={field.property}
            onChange={(e) => set({ property: e.currentTarget.value })}
          />
        </>
      );
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
          <ColumnsEditor
            columns={field.columns}
            onChange={(columns) => set({ columns })}
            min={1}
            formulas={{ fields, tableId: field.id }}
          />
          {field.type === 'prefilledTable' && <RowsEditor field={field} onChange={(rows) => set({ rows })} />}
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
          <ColumnsEditor
            columns={field.columns}
            onChange={(columns) => set({ columns })}
            min={0}
            formulas={{ fields, tableId: field.id }}
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

function OptionsEditor({
  options,
  onChange,
}: {
  options: readonly ChoiceOption[];
  onChange: (o: ChoiceOption[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('editor.field.options')}
      </Text>
      {options.map((option, i) => (
        <Group key={option.id} gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('editor.field.optionLabel', { n: i + 1 })}
            value={option.label}
            error={option.label.trim() === '' ? t('editor.field.optionRequired') : undefined}
            onChange={(e) =>
              onChange(options.map((o) => (o.id === option.id ? { ...o, label: e.currentTarget.value } : o)))
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={options.length <= 1}
            aria-label={t('editor.field.removeOption', { n: i + 1 })}
            onClick={() => onChange(options.filter((o) => o.id !== option.id))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={() =>
          onChange([...options, { id: newId('o'), label: t('editor.field.optionN', { n: options.length + 1 }) }])
        }
      >
        {t('editor.field.addOption')}
      </Button>
    </Stack>
  );
}

/** Table columns with their widths: S/M/L/XL, XS only for Formula, Number, Prefilled Text and Text (spec 5.1). */
export function ColumnsEditor({
  columns,
  onChange,
  min,
  formulas,
}: {
  columns: readonly TableColumn[];
  onChange: (c: TableColumn[]) => void;
  min: number;
  /** The template's fields and this table's id: formula columns get the formula editor over their row. */
  formulas?: { fields: readonly Field[]; tableId: string };
}) {
  const { t } = useTranslation();
  const update = (id: string, fn: (c: TableColumn) => TableColumn) =>
    onChange(columns.map((c) => (c.id === id ? fn(c) : c)));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('editor.table.columns')}
      </Text>
      {columns.map((column, i) => (
        <Stack key={column.id} gap={4}>
          <Group gap={4} wrap="wrap" align="flex-end">
            <TextInput
              size="xs"
              style={{ flex: '1 1 140px' }}
              aria-label={t('editor.table.heading', { n: i + 1 })}
              placeholder={t('editor.table.headingPlaceholder')}
              value={column.heading}
              onChange={(e) => {
                const heading = e.currentTarget.value;
                update(column.id, (c) => ({ ...c, heading }));
              }}
            />
            <Select
              size="xs"
              w={140}
              aria-label={t('editor.table.cellType', { n: i + 1 })}
              data={columnCellTypes.map((c) => ({ value: c, label: t(`editor.table.cellTypes.${c}`) }))}
              value={column.cellType}
              allowDeselect={false}
              onChange={(v) =>
                update(column.id, (c) => {
                  const cellType = (v ?? 'text') as TableColumn['cellType'];
                  // XS stays only for the cells that support it.
                  const width = c.width === 'XS' && !xsCellTypes.includes(cellType) ? 'S' : c.width;
                  return { ...c, cellType, width };
                })
              }
            />
            <SegmentedControl
              size="xs"
              aria-label={t('editor.table.width', { n: i + 1 })}
              value={column.width}
              onChange={(v) => update(column.id, (c) => withColumnWidth(c, v as ColumnWidth))}
              data={columnWidths.map((w) => ({
                value: w,
                label: w,
                disabled: w === 'XS' && !xsCellTypes.includes(column.cellType),
              }))}
            />
            <Tooltip label={t('editor.table.excludeFromClone')}>
              <Checkbox
                size="xs"
                aria-label={t('editor.table.excludeFromClone')}
                checked={column.excludeFromClone}
                onChange={(e) => {
                  const excludeFromClone = e.currentTarget.checked;
                  update(column.id, (c) => ({ ...c, excludeFromClone }));
                }}
              />
            </Tooltip>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={columns.length <= min}
              aria-label={t('editor.table.removeColumn', { n: i + 1 })}
              onClick={() => onChange(columns.filter((c) => c.id !== column.id))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
          {column.cellType === 'formula' && formulas && (
            <FormulaEditor
              label={t('editor.table.formulaOf', { n: i + 1 })}
              expression={column.expression ?? ''}
              fields={formulas.fields}
              home={{ fieldId: formulas.tableId, columnId: column.id }}
              onChange={(expression) => update(column.id, (c) => ({ ...c, expression }))}
            />
          )}
        </Stack>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        disabled={columns.length >= 50}
        onClick={() => onChange([...columns, newColumn(t('editor.table.columnN', { n: columns.length + 1 }))])}
      >
        {t('editor.table.addColumn')}
      </Button>
    </Stack>
  );
}

function RowsEditor({
  field,
  onChange,
}: {
  field: Extract<Field, { type: 'prefilledTable' }>;
  onChange: (rows: Extract<Field, { type: 'prefilledTable' }>['rows']) => void;
}) {
  const { t } = useTranslation();
  const [pasteError, setPasteError] = useState<string | null>(null);
  const first = field.columns[0];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('editor.table.rows')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editor.table.pasteHelp')}
      </Text>
      {field.rows.length === 0 && <Alert color="red">{t('editor.table.needsRow')}</Alert>}
      <Table.ScrollContainer minWidth={300}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {field.columns.map((c) => (
                <Table.Th key={c.id}>{c.heading}</Table.Th>
              ))}
              <Table.Th w={32} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {field.rows.map((row, r) => (
              <Table.Tr key={row.id}>
                {field.columns.map((c) => (
                  <Table.Td key={c.id} p={2}>
                    <TextInput
                      size="xs"
                      variant="unstyled"
                      aria-label={t('editor.table.cell', { row: r + 1, column: c.heading })}
                      value={row.cells[c.id] ?? ''}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        onChange(
                          field.rows.map((x) => (x.id === row.id ? { ...x, cells: { ...x.cells, [c.id]: value } } : x)),
                        );
                      }}
                      onPaste={(e) => {
                        const text = e.clipboardData.getData('text');
                        if (!text.includes('\t') && !text.includes('\n')) return;
                        e.preventDefault();
                        const parsed = parseTablePaste(text);
                        if (!parsed.ok) return setPasteError(parsed.message);
                        setPasteError(null);
                        const start = field.columns.findIndex((x) => x.id === c.id);
                        const rows = [...field.rows.slice(0, r)];
                        parsed.rows.forEach((cells, i) => {
                          const existing = field.rows[r + i] ?? { id: newId('r'), cells: {} };
                          const next = { ...existing.cells };
                          cells.forEach((value, j) => {
                            const column = field.columns[start + j];
                            if (column) next[column.id] = value;
                          });
                          rows.push({ ...existing, cells: next });
                        });
                        rows.push(...field.rows.slice(r + parsed.rows.length));
                        onChange(rows);
                      }}
                    />
                  </Table.Td>
                ))}
                <Table.Td p={2}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.table.removeRow', { n: r + 1 })}
                    onClick={() => onChange(field.rows.filter((x) => x.id !== row.id))}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pasteError && (
        <Text size="xs" c="red">
          {pasteError}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        disabled={field.rows.length >= 1000}
        onClick={() => onChange([...field.rows, { id: newId('r'), cells: first ? { [first.id]: '' } : {} }])}
      >
        {t('editor.table.addRow')}
      </Button>
    </Stack>
  );
}
