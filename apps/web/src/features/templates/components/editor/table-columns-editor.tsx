import type { Field } from '@formwork/shared/fields/field';
import {
  type ColumnWidth,
  columnCellTypes,
  columnWidths,
  type TableColumn,
  withColumnWidth,
  xsCellTypes,
} from '@formwork/shared/fields/table-fields';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateFolder } from '../../api/templates.ts';
import { newColumn } from '../../model/new-field.ts';
import { FormulaEditor } from './formula-editor.tsx';
import { ListFieldListPicker } from './list-field-config.tsx';

/** Table columns with their widths: S/M/L/XL, XS only for Formula, Number, Prefilled Text and Text (spec 5.1). */
export function TableColumnsEditor({
  columns,
  onChange,
  min,
  formulas,
  folder,
}: {
  columns: readonly TableColumn[];
  onChange: (c: TableColumn[]) => void;
  min: number;
  /** The template's fields and this table's id: formula columns get the formula editor over their row. */
  formulas?: { fields: readonly Field[]; tableId: string };
  /** The template's folder: list columns pick one of the lists it may read (issue 18.5). */
  folder?: TemplateFolder;
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
                  // Only list columns name a list.
                  const { listId: _listId, ...rest } = c;
                  return cellType === 'list' ? { ...c, cellType, width } : { ...rest, cellType, width };
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
          {column.cellType === 'list' && folder && (
            <ListFieldListPicker
              folder={folder}
              ariaLabel={t('editor.table.listOf', { n: i + 1 })}
              listId={column.listId}
              onChange={(listId) => update(column.id, (c) => ({ ...c, listId }))}
            />
          )}
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
