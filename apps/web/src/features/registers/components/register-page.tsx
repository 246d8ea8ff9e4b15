import { allowsBulkForms } from '@formwork/shared/forms/bulk-forms';
import type { FilterOperator } from '@formwork/shared/schemas/forms';
import { exportStateLabels, filterOperators } from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Modal,
  Paper,
  Popover,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconColumns,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFilter,
  IconPlus,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SourceMarker, sourceWords } from '../../../components/ui/form-source.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formPath, gridPath, newFormPath } from '../../../lib/form-paths.ts';
import { useTemplateById } from '../../../lib/template-query.ts';
import { showToast } from '../../../lib/toast.tsx';
import { type TFunction, useTranslation } from '../../../lib/translate.tsx';
import { useValueTextContext } from '../../../lib/value-text.ts';
import { type RegisterOptions, useCreateExport, useExportJob, useRegister } from '../api/register.ts';
import { BulkFormsModal } from './bulk-forms-modal.tsx';
import { cellText, defaultColumns, type RegisterCellContext, type RegisterColumnDef } from './register-cells.ts';

const rowHeight = 44;
/** Rows rendered beyond the visible ones: 10 above and 10 below (at most visible + 20). */
export const registerOverscan = 10;
const columnWidth = (c: RegisterColumnDef) =>
  c.key === 'number'
    ? 80
    : c.key === 'title'
      ? 220
      : c.type === 'multiLineText' || c.type === 'defaultTable'
        ? 260
        : 170;

type RegisterSort = { key: string; direction: 'asc' | 'desc' };

/** The order the register opens in: the template's register order, else the newest first. */
function templateOrder(definition: TemplateDefinition | undefined): RegisterSort {
  const order = definition?.registerOrder;
  return order
    ? { key: `field:${order.fieldId}`, direction: order.direction }
    : { key: 'updatedAt', direction: 'desc' };
}

type Props = {
  teamId: string;
  templateId: string;
  canCreate: boolean;
  /** The signed-in user's id and name (the only name the app can show without a users endpoint). */
  me: { userId: string; name: string };
  /** Filters the register opens with (`?filter=` of its address: a chart's bar links here). */
  initialFilters?: readonly string[];
};

/** A register: every form of a template in the team, keyset-paged, sorted, filtered, virtualised. */
export function RegisterPage({ teamId, templateId, canCreate, me, initialFilters = [] }: Props) {
  const { t } = useTranslation();
  // The app's general error toast tells a failure; the register then falls back to its own columns.
  const template = useTemplateById(templateId, { reportErrors: true });
  const [state, setState] = useState<'active' | 'archived'>('active');
  const [pickedSort, setSort] = useState<RegisterSort | null>(null);
  const [filters, setFilters] = useState<string[]>(() => [...initialFilters]);
  const [chosen, setChosen] = useLocalStorage<string[] | null>({
    key: `formwork-register-columns:${templateId}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const [allColumns, setAllColumns] = useState<RegisterColumnDef[]>([]);
  const [bulkOpened, setBulkOpened] = useState(false);
  const definition = template.data?.definition ?? undefined;
  const fallbackKeys = useMemo(
    () => (definition ? defaultColumns(definition.fields, definition.workflow !== null) : null),
    [definition],
  );
  const shownKeys = useMemo(() => chosen ?? fallbackKeys ?? [], [chosen, fallbackKeys]);
  // The template's register order is the first request's order, so wait for the template.
  const ready = fallbackKeys !== null || template.isError;
  const sort = useMemo(() => pickedSort ?? templateOrder(definition), [pickedSort, definition]);
  const fieldIds = useMemo(() => shownKeys.filter((k) => k.startsWith('field:')).map((k) => k.slice(6)), [shownKeys]);
  const options: RegisterOptions = useMemo(
    () => ({ state, sort: sort.key, direction: sort.direction, filters, columns: fieldIds }),
    [state, sort, filters, fieldIds],
  );
  const register = useRegister(teamId, templateId, options, ready);
  const firstColumns = register.data?.pages[0]?.columns;
  useEffect(() => {
    if (firstColumns && firstColumns.length !== allColumns.length)
      setAllColumns(firstColumns.map((c) => localLabel(c, t)));
  }, [firstColumns, allColumns.length, t]);

  const rows = useMemo(() => register.data?.pages.flatMap((p) => p.rows) ?? [], [register.data]);
  const fields = useMemo(
    () => new Map((template.data?.definition?.fields ?? []).map((f) => [f.id, f])),
    [template.data],
  );
  const workflowColumns = template.data?.definition?.workflow?.columns ?? [];
  const shown = shownKeys
    .map((k) => allColumns.find((c) => c.key === k))
    .filter((c): c is RegisterColumnDef => Boolean(c));
  const width = shown.reduce((sum, c) => sum + columnWidth(c), 0);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: registerOverscan,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 10 && register.hasNextPage && !register.isFetchingNextPage) {
      void register.fetchNextPage();
    }
  }, [lastIndex, rows.length, register]);

  const valueText = useValueTextContext();
  const names = useMemo(() => {
    const people = new Map<string, string>();
    const titles = new Map<string, string>();
    for (const page of register.data?.pages ?? []) {
      for (const [id, name] of Object.entries(page.people ?? {})) people.set(id, name);
      for (const [id, title] of Object.entries(page.formTitles ?? {})) titles.set(id, title);
    }
    return { people, titles, timeZone: register.data?.pages[0]?.timeZone };
  }, [register.data]);
  const context: RegisterCellContext = {
    ...valueText,
    timeZone: names.timeZone,
    userName: (id: string) => names.people.get(id) ?? (id === me.userId ? me.name : undefined),
    formTitle: (id: string) => names.titles.get(id),
    columnName: (index: number) => workflowColumns[index]?.name,
    stateName: (value: string) => t(`values.states.${value}`, { defaultValue: value }),
    sourceName: (source) => sourceWords(source, t),
  };

  const toggleSort = (c: RegisterColumnDef) => {
    if (!c.sortable) return;
    setSort({ key: c.key, direction: sort.key === c.key && sort.direction === 'desc' ? 'asc' : 'desc' });
  };

  const name = template.data?.name ?? '';
  return (
    <Stack gap="sm" h="calc(100dvh - 54px - 2 * var(--mantine-spacing-md))">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {name || t('registers.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('registers.subtitle')}
            {template.data?.type === 'workflow' && (
              <>
                {' · '}
                <Anchor component={Link} to={gridPath(teamId, templateId)} size="sm">
                  {t('registers.openBoard')}
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <ExportMenu teamId={teamId} templateId={templateId} options={options} />
          {canCreate && definition && allowsBulkForms(definition.fields) && (
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} onClick={() => setBulkOpened(true)}>
              {t('registers.createFromCsv')}
            </Button>
          )}
          {canCreate && (
            <Button component={Link} to={newFormPath(teamId, templateId)} leftSection={<IconPlus size={16} />}>
              {t('timeline.newForm')}
            </Button>
          )}
        </Group>
      </Group>
      {bulkOpened && (
        <BulkFormsModal
          teamId={teamId}
          templateId={templateId}
          templateName={name || t('registers.title')}
          onClose={() => setBulkOpened(false)}
        />
      )}

      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={state}
          onChange={(v) => setState(v as 'active' | 'archived')}
          data={[
            { value: 'active', label: t('timeline.active') },
            { value: 'archived', label: t('timeline.archived') },
          ]}
        />
        <FilterBuilder columns={allColumns} onAdd={(f) => setFilters((current) => [...current, f])} />
        <ColumnChooser all={allColumns} shown={shownKeys} onChange={setChosen} />
        {filters.map((f) => (
          <Badge
            key={f}
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('registers.removeFilter', { filter: f })}
                onClick={() => setFilters((current) => current.filter((x) => x !== f))}
              />
            }
          >
            {describeFilter(f, allColumns, t)}
          </Badge>
        ))}
      </Group>

      <Paper
        withBorder
        radius="md"
        style={{ flex: 1, minHeight: 240, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
      >
        {(register.isPending || template.isPending) && rows.length === 0 ? (
          <Center h="100%">
            <Loader />
          </Center>
        ) : register.isError ? (
          <Alert color="red" m="md">
            {t('registers.loadFailed')}
          </Alert>
        ) : (
          <Box
            ref={scrollRef}
            style={{ flex: 1, overflow: 'auto', position: 'relative' }}
            role="table"
            aria-label={name}
            aria-rowcount={rows.length + 1}
            data-register
          >
            <Box
              role="row"
              style={{
                display: 'flex',
                position: 'sticky',
                top: 0,
                zIndex: 2,
                width: Math.max(width, 0),
                minWidth: '100%',
                background: 'var(--mantine-color-gray-0)',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {shown.map((c) => (
                <Box
                  key={c.key}
                  role="columnheader"
                  aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  px="xs"
                  py={8}
                  w={columnWidth(c)}
                  style={{ flex: 'none', cursor: c.sortable ? 'pointer' : undefined, userSelect: 'none' }}
                  onClick={() => toggleSort(c)}
                >
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" fw={700} truncate="end" title={c.label}>
                      {c.label}
                    </Text>
                    {sort.key === c.key &&
                      (sort.direction === 'asc' ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />)}
                  </Group>
                </Box>
              ))}
            </Box>
            {rows.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" size="sm">
                {filters.length ? t('registers.noMatch') : t('registers.empty')}
              </Text>
            ) : (
              <Box
                style={{
                  height: virtualizer.getTotalSize(),
                  position: 'relative',
                  width: Math.max(width, 0),
                  minWidth: '100%',
                }}
              >
                {items.map((item) => {
                  const row = rows[item.index];
                  if (!row) return null;
                  return (
                    <Box
                      key={row.formId}
                      role="row"
                      aria-rowindex={item.index + 2}
                      data-register-row
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        right: 0,
                        height: rowHeight,
                        transform: `translateY(${item.start}px)`,
                        display: 'flex',
                        alignItems: 'center',
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                      }}
                    >
                      {shown.map((c) => (
                        <Box key={c.key} role="cell" px="xs" w={columnWidth(c)} style={{ flex: 'none', minWidth: 0 }}>
                          {c.key === 'title' ? (
                            <Group gap={6} wrap="nowrap">
                              <Anchor
                                component={Link}
                                to={formPath(teamId, row.formId)}
                                size="sm"
                                truncate="end"
                                display="block"
                                style={{ minWidth: 0 }}
                              >
                                {row.title}
                              </Anchor>
                              {row.source && <SourceMarker source={row.source} />}
                            </Group>
                          ) : (
                            <Text size="sm" truncate="end">
                              {cellText(c, row, fields, context)}
                            </Text>
                          )}
                        </Box>
                      ))}
                    </Box>
                  );
                })}
              </Box>
            )}
            {register.isFetchingNextPage && (
              <Center py="xs">
                <Loader size="xs" />
              </Center>
            )}
          </Box>
        )}
      </Paper>
      <Text size="xs" c="dimmed" role="status">
        {register.isPending ? (
          t('registers.loading')
        ) : (
          <>
            {t('registers.count', { count: rows.length })}
            {register.hasNextPage ? ` ${t('registers.more')}` : ''}
          </>
        )}
      </Text>
    </Stack>
  );
}

/** The server names its own columns (number, title, dates...) in en-US: they take the locale's words. */
function localLabel(column: RegisterColumnDef, t: TFunction): RegisterColumnDef {
  if (column.kind !== 'metadata') return column;
  return { ...column, label: t(`registers.metadata.${column.key}`, { defaultValue: column.label }) };
}

function describeFilter(filter: string, columns: readonly RegisterColumnDef[], t: (k: string) => string) {
  const match = /^(field:[^:]+|[^:]+):([a-zA-Z]+)(?::([\s\S]*))?$/.exec(filter);
  if (!match) return filter;
  const [, key = '', op = '', value = ''] = match;
  const label = columns.find((c) => c.key === key)?.label ?? key;
  return `${label} ${t(`registers.ops.${op}`)}${op === 'empty' || op === 'notEmpty' ? '' : ` ${value}`}`;
}

function FilterBuilder({ columns, onAdd }: { columns: readonly RegisterColumnDef[]; onAdd: (filter: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [op, setOp] = useState<FilterOperator>('eq');
  const [value, setValue] = useState('');
  const filterable = columns.filter((c) => c.key !== 'title');
  const needsValue = op !== 'empty' && op !== 'notEmpty';
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconFilter size={14} />} onClick={() => setOpened((o) => !o)}>
          {t('registers.addFilter')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <Select
            label={t('registers.filterColumn')}
            data={filterable.map((c) => ({ value: c.key, label: c.label }))}
            value={key}
            onChange={setKey}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('registers.filterOperator')}
            data={filterOperators.map((o) => ({ value: o, label: t(`registers.ops.${o}`) }))}
            value={op}
            onChange={(v) => setOp((v as FilterOperator) ?? 'eq')}
            comboboxProps={{ withinPortal: false }}
          />
          {needsValue && (
            <TextInput
              label={t('registers.filterValue')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          )}
          <Button
            size="xs"
            disabled={!key || (needsValue && !value.trim())}
            onClick={() => {
              if (!key) return;
              onAdd(`${key}:${op}${needsValue ? `:${value.trim()}` : ''}`);
              setOpened(false);
              setValue('');
            }}
          >
            {t('registers.applyFilter')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ColumnChooser({
  all,
  shown,
  onChange,
}: {
  all: readonly RegisterColumnDef[];
  shown: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-start" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns size={14} />}>
          {t('registers.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={320} w={240}>
          <Stack gap={6}>
            {all.map((c) => (
              <Checkbox
                key={c.key}
                size="xs"
                label={c.label}
                checked={shown.includes(c.key)}
                disabled={c.key === 'title'}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  // Keep the template's order whatever the order of clicks.
                  onChange(all.map((x) => x.key).filter((k) => (k === c.key ? on : shown.includes(k))));
                }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * CSV and XLSX exports as background jobs: a dialog picks the format and the columns (every field
 * by default, or only the visible ones), then progress, 'Ready to download' or 'Processing failed'.
 */
function ExportMenu({ teamId, templateId, options }: { teamId: string; templateId: string; options: RegisterOptions }) {
  const { t } = useTranslation();
  const create = useCreateExport(teamId, templateId);
  const [exportId, setExportId] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [columnSet, setColumnSet] = useState<'all' | 'visible'>('all');
  const job = useExportJob(teamId, exportId);
  const start = async () => {
    setOpened(false);
    try {
      const created = await create.mutateAsync({
        format,
        state: options.state,
        sort: options.sort,
        direction: options.direction,
        filter: options.filters,
        columnSet,
        columns: columnSet === 'visible' ? options.columns : undefined,
      });
      setExportId(created.exportId);
    } catch {
      showToast('error', t('registers.exportFailed'));
    }
  };
  const current = job.data;
  return (
    <Group gap="xs">
      {current && (
        <Group gap={6} data-export-state={current.state}>
          {(current.state === 'queued' || current.state === 'running') && <Loader size="xs" />}
          <Text size="sm" c={current.state === 'failed' ? 'red' : undefined}>
            {exportStateLabels[current.state]}
          </Text>
          {current.state === 'ready' && current.downloadUrl && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() =>
                void downloadFile(current.downloadUrl as string, current.fileName ?? `export.${current.format}`).catch(
                  () => showToast('error', t('registers.downloadFailed')),
                )
              }
            >
              {t('registers.download')}
            </Button>
          )}
          <CloseButton size="sm" aria-label={t('registers.dismissExport')} onClick={() => setExportId(null)} />
        </Group>
      )}
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={create.isPending}
        onClick={() => setOpened(true)}
      >
        {t('registers.export')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('registers.exportTitle')}>
        <Stack gap="md">
          <Radio.Group
            label={t('registers.exportFormat')}
            value={format}
            onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
          >
            <Group mt={6}>
              <Radio value="csv" label={t('registers.exportCsv')} />
              <Radio value="xlsx" label={t('registers.exportXlsx')} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('registers.exportColumns')}
            value={columnSet}
            onChange={(v) => setColumnSet(v as 'all' | 'visible')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="all" label={t('registers.exportAllColumns')} />
              <Radio value="visible" label={t('registers.exportVisibleColumns')} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void start()}>{t('registers.exportStart')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
