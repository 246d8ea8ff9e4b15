import type { FieldOf } from '@formwork/shared/fields/field';
import type { TableColumn } from '@formwork/shared/fields/table-fields';
import { isListItemSnapshot, type PhotoValue, type SignatureValue } from '@formwork/shared/forms/field-values';
import { pasteIntoTable, type TableRowValue } from '@formwork/shared/forms/table-paste-values';
import {
  ActionIcon,
  Button,
  ColorSwatch,
  FileButton,
  Group,
  Modal,
  NumberInput,
  Select,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCamera, IconPlus, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { fromLocalInput, toLocalInput } from './date-fields.tsx';
import { useFormFieldEnv } from './field-context.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { ListItemSearch } from './list-field.tsx';
import { acceptedImages } from './media-fields.tsx';
import { SignaturePad } from './signature-pad.tsx';

type TableField = FieldOf<'defaultTable'> | FieldOf<'prefilledTable'> | FieldOf<'signOnTable'>;
type Row = TableRowValue & { name?: string; company?: string; signature?: SignatureValue | null };
type TableValue = { rows: Row[] };

const widths = { XS: 72, S: 110, M: 170, L: 230, XL: 320 } as const;

export function newRowId(): string {
  return `r${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36).slice(-4)}`;
}

/** The rows on screen: a prefilled table always shows the template's rows. */
function rowsOf(field: TableField, value: TableValue | null | undefined): Row[] {
  if (field.type !== 'prefilledTable') return value?.rows ?? [];
  const stored = new Map((value?.rows ?? []).map((r) => [r.id, r]));
  return field.rows.map((r) => stored.get(r.id) ?? { id: r.id, cells: {} });
}

function formatComputed(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  return String(value);
}

/**
 * Default, prefilled and sign-on tables. Spreadsheet text pasted into a cell fills from there
 * (spec 5.1, 9: at most 10 columns by 50 rows; a default table grows to fit).
 */
export function TableFieldView({
  field,
  value,
  onChange,
  error,
  errors,
  readOnly,
  computed,
}: FieldProps<TableField, TableValue> & { computed?: unknown }) {
  const { t } = useTranslation();
  const [pasteError, setPasteError] = useState<string | null>(null);
  const rows = rowsOf(field, value);
  const computedRows = (computed as TableValue | undefined)?.rows ?? [];
  const signOn = field.type === 'signOnTable';
  const prefilled = field.type === 'prefilledTable' ? new Map(field.rows.map((r) => [r.id, r.cells])) : null;

  const commit = (next: Row[]) => onChange(next.length ? { rows: next } : null);
  const setCell = (rowIndex: number, columnId: string, cell: unknown) => {
    const next = rows.map((r, i) =>
      i === rowIndex ? { ...r, cells: { ...r.cells, [columnId]: cell === '' ? null : cell } } : r,
    );
    commit(next);
  };
  const setRow = (rowIndex: number, patch: Partial<Row>) =>
    commit(rows.map((r, i) => (i === rowIndex ? { ...r, ...patch } : r)));
  const addRow = () =>
    commit([
      ...rows,
      signOn ? { id: newRowId(), name: '', company: '', signature: null, cells: {} } : { id: newRowId(), cells: {} },
    ]);
  const removeRow = (rowIndex: number) => commit(rows.filter((_, i) => i !== rowIndex));

  const onPaste = (event: ClipboardEvent, rowIndex: number, columnIndex: number) => {
    if (signOn || readOnly) return;
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    const result = pasteIntoTable(field.columns, rows, text, { row: rowIndex, column: columnIndex }, newRowId);
    if (!result.ok) {
      setPasteError(result.message);
      return;
    }
    setPasteError(null);
    commit(field.type === 'prefilledTable' ? result.rows.slice(0, field.rows.length) : result.rows);
  };

  const cellError = (rowIndex: number, columnId: string) => errors?.[`rows.${rowIndex}.cells.${columnId}`];

  return (
    <FieldShell field={field} error={pasteError ?? error}>
      {signOn && field.statement && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {field.statement}
        </Text>
      )}
      <Table.ScrollContainer minWidth={0} type="native">
        <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} aria-label={field.label}>
          <Table.Thead>
            <Table.Tr>
              {signOn && (
                <>
                  <Table.Th miw={150}>{t('formFields.signOn.name')}</Table.Th>
                  <Table.Th miw={130}>{t('formFields.signOn.company')}</Table.Th>
                </>
              )}
              {field.columns.map((c) => (
                <Table.Th key={c.id} miw={widths[c.width]}>
                  <Text size="xs" fw={600}>
                    {c.heading}
                  </Text>
                </Table.Th>
              ))}
              {signOn && <Table.Th miw={140}>{t('formFields.signOn.signature')}</Table.Th>}
              {!readOnly && field.type !== 'prefilledTable' && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, rowIndex) => (
              <Table.Tr key={row.id}>
                {signOn && (
                  <>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`${t('formFields.signOn.name')} ${rowIndex + 1}`}
                        value={row.name ?? ''}
                        readOnly={readOnly}
                        onChange={(e) => setRow(rowIndex, { name: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`${t('formFields.signOn.company')} ${rowIndex + 1}`}
                        value={row.company ?? ''}
                        readOnly={readOnly}
                        onChange={(e) => setRow(rowIndex, { company: e.currentTarget.value })}
                      />
                    </Table.Td>
                  </>
                )}
                {field.columns.map((column, columnIndex) => {
                  const fixed = prefilled?.get(row.id)?.[column.id];
                  return (
                    <Table.Td key={column.id} onPaste={(e) => onPaste(e, rowIndex, columnIndex)}>
                      {fixed !== undefined && fixed !== '' ? (
                        <Text size="sm">{fixed}</Text>
                      ) : (
                        <Cell
                          fieldId={field.id}
                          column={column}
                          label={`${column.heading || column.id} ${rowIndex + 1}`}
                          value={row.cells[column.id]}
                          computed={computedRows[rowIndex]?.cells[column.id]}
                          error={cellError(rowIndex, column.id)}
                          readOnly={readOnly}
                          onChange={(v) => setCell(rowIndex, column.id, v)}
                        />
                      )}
                    </Table.Td>
                  );
                })}
                {signOn && (
                  <Table.Td>
                    <SignatureCell
                      label={`${t('formFields.signOn.signature')} ${rowIndex + 1}`}
                      value={row.signature ?? null}
                      readOnly={readOnly}
                      signerName={row.name ?? ''}
                      onChange={(signature) => setRow(rowIndex, { signature })}
                    />
                  </Table.Td>
                )}
                {!readOnly && field.type !== 'prefilledTable' && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('formFields.removeRow', { n: rowIndex + 1 })}
                      onClick={() => removeRow(rowIndex)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && field.type !== 'prefilledTable' && (
        <Group gap="sm">
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addRow}>
            {signOn ? t('formFields.addAttendee') : t('formFields.addRow')}
          </Button>
          {!signOn && (
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('formFields.pasteHint')}
            </Text>
          )}
        </Group>
      )}
    </FieldShell>
  );
}

/**
 * A list column's cell (issue 18.5): the typeahead over the items of the list the column names,
 * then the picked item by its label (the form keeps it as picked). Text a cell held before list
 * columns picked items shows as it was, to be removed and picked again.
 */
function ListCell({
  fieldId,
  column,
  label,
  value,
  error,
  readOnly,
  onChange,
}: {
  fieldId: string;
  column: TableColumn;
  label: string;
  value: unknown;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const picked = isListItemSnapshot(value)
    ? value
    : typeof value === 'string' && value !== ''
      ? { label: value }
      : null;
  if (picked) {
    return (
      <Group gap={4} wrap="nowrap" justify="space-between" title={error}>
        <Group gap={4} wrap="nowrap">
          {'colour' in picked && picked.colour && <ColorSwatch color={picked.colour} size={12} />}
          <Text size="sm" c={error ? 'red' : undefined}>
            {picked.label}
          </Text>
        </Group>
        {!readOnly && (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('formFields.listRemove', { label: picked.label })}
            onClick={() => onChange(null)}
          >
            <IconX size={12} />
          </ActionIcon>
        )}
      </Group>
    );
  }
  if (readOnly) return null;
  return (
    <ListItemSearch
      fieldId={fieldId}
      columnId={column.id}
      listId={column.listId}
      label={label}
      size="xs"
      error={error ? true : undefined}
      onPick={onChange}
    />
  );
}

function Cell({
  fieldId,
  column,
  label,
  value,
  computed,
  error,
  readOnly,
  onChange,
}: {
  fieldId: string;
  column: TableColumn;
  label: string;
  value: unknown;
  computed: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const common = { size: 'xs' as const, 'aria-label': label, readOnly, error: error ? true : undefined, title: error };
  switch (column.cellType) {
    case 'list':
      return (
        <ListCell
          fieldId={fieldId}
          column={column}
          label={label}
          value={value}
          error={error}
          readOnly={readOnly}
          onChange={onChange}
        />
      );
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'prefilledText':
      return <Text size="sm">{column.text ?? ''}</Text>;
    case 'number':
      return (
        <NumberInput
          {...common}
          inputMode="decimal"
          hideControls
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'formula':
      return (
        <Text size="sm" data-formula-cell>
          {formatComputed(computed)}
        </Text>
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'dateTime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={toLocalInput(typeof value === 'string' ? value : null)}
          onChange={(e) => onChange(fromLocalInput(e.currentTarget.value))}
        />
      );
    case 'yesNo':
    case 'yesNoNa':
      return (
        <Select
          {...common}
          data={(column.cellType === 'yesNo' ? ['yes', 'no'] : ['yes', 'no', 'na']).map((a) => ({
            value: a,
            label: t(`formFields.answers.${a}`),
          }))}
          value={typeof value === 'string' ? value : null}
          clearable={!readOnly}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'dropdown':
      return (
        <Select
          {...common}
          data={(column.options ?? []).map((o) => ({ value: o.id, label: o.label }))}
          value={typeof value === 'string' ? value : null}
          clearable={!readOnly}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'person':
      return (
        <Select
          {...common}
          data={env.people.map((p) => ({ value: p.userId, label: p.name }))}
          value={typeof value === 'string' ? value : null}
          clearable={!readOnly}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'signature':
    case 'manualSignature':
      return (
        <SignatureCell
          label={label}
          value={(value as SignatureValue | null) ?? null}
          readOnly={readOnly}
          signerName={env.signerName}
          onChange={onChange}
        />
      );
    case 'photo':
      return (
        <PhotoCell label={label} value={(value as PhotoValue[] | null) ?? []} readOnly={readOnly} onChange={onChange} />
      );
  }
}

function SignatureCell({
  label,
  value,
  readOnly,
  signerName,
  onChange,
}: {
  label: string;
  value: SignatureValue | null;
  readOnly: boolean;
  signerName: string;
  onChange: (value: SignatureValue | null) => void;
}) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (value?.fileId) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="var(--mantine-color-green-text)" fw={600}>
          {t('formFields.signed')}
        </Text>
        {!readOnly && (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={t('formFields.removeSignature')}
            onClick={() => onChange(null)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
    );
  }
  if (readOnly || env.blocked) return null;
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconSignature size={12} />}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        {t('formFields.sign')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="lg">
        <SignaturePad
          label={label}
          busy={busy}
          onCancel={() => setOpen(false)}
          onDone={async (png) => {
            setBusy(true);
            try {
              const file = await env.upload('signature', png);
              onChange({
                fileId: file.fileId,
                signedAt: new Date().toISOString(),
                signerName: signerName || undefined,
              });
              setOpen(false);
            } finally {
              setBusy(false);
            }
          }}
        />
      </Modal>
    </>
  );
}

function PhotoCell({
  label,
  value,
  readOnly,
  onChange,
}: {
  label: string;
  value: PhotoValue[];
  readOnly: boolean;
  onChange: (value: PhotoValue[] | null) => void;
}) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [busy, setBusy] = useState(false);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs">{t('formFields.photoCount', { count: value.length })}</Text>
      {!readOnly && !env.blocked && (
        <FileButton
          accept={acceptedImages}
          onChange={async (file) => {
            if (!file) return;
            setBusy(true);
            try {
              const uploaded = await env.upload('photo', file);
              onChange([...value, { fileId: uploaded.fileId }]);
            } finally {
              setBusy(false);
            }
          }}
        >
          {(props) => (
            <ActionIcon
              {...props}
              size="sm"
              variant="light"
              loading={busy}
              aria-label={`${label}: ${t('formFields.addPhotos')}`}
            >
              <IconCamera size={14} />
            </ActionIcon>
          )}
        </FileButton>
      )}
    </Group>
  );
}
