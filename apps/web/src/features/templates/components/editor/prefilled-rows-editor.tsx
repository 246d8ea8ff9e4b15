import type { Field } from '@formwork/shared/fields/field';
import { parseTablePaste } from '@formwork/shared/templates/table-paste';
import { ActionIcon, Alert, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translate.tsx';
import { newId } from '../../model/new-field.ts';

/** The prefilled rows of a prefilled table, typed or pasted from a spreadsheet. */
export function PrefilledRowsEditor({
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
