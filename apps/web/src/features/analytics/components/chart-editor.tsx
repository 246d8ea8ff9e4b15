import { sharedFields } from '@formwork/shared/analytics/shared-fields';
import { chartFiltersMax, chartTemplatesMax } from '@formwork/shared/limits';
import {
  type Chart,
  type ChartAggregate,
  type ChartDefinition,
  type ChartGrouping,
  type ChartPeriod,
  type ChartSplitBy,
  type ChartType,
  chartAggregates,
  chartPeriods,
  chartTypes,
  splitChartTypes,
} from '@formwork/shared/schemas/analytics';
import { filterOperators } from '@formwork/shared/schemas/forms';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useChartPreview, useChartSources, useSaveChart } from '../api/analytics.ts';
import { ChartView } from './chart-view.tsx';

type FilterRow = { key: string; op: string; value: string };

const noValueOps = ['empty', 'notEmpty'];

function filterText(row: FilterRow): string | null {
  if (!row.key || !row.op) return null;
  if (noValueOps.includes(row.op)) return `${row.key}:${row.op}`;
  return row.value.trim() === '' ? null : `${row.key}:${row.op}:${row.value.trim()}`;
}

function filterRow(text: string): FilterRow {
  const match = /^(field:[^:]+|[^:]+):([a-zA-Z]+)(?::([\s\S]*))?$/.exec(text);
  return { key: match?.[1] ?? '', op: match?.[2] ?? 'eq', value: match?.[3] ?? '' };
}

type Props = {
  folderId: string;
  dashboardId: string;
  /** The chart being changed; null: a new chart. */
  chart: Chart | null;
  onClose: () => void;
};

/** Build or change a chart (issue 20): template, measure, grouping, type, at most 2 filters, live preview. */
export function ChartEditor({ folderId, dashboardId, chart, onClose }: Props) {
  const { t } = useTranslation();
  const sources = useChartSources(folderId);
  const save = useSaveChart(folderId, dashboardId);
  const initial = chart?.definition;
  const [title, setTitle] = useState(chart?.title ?? '');
  const [templateIds, setTemplateIds] = useState<string[]>(initial?.templateIds ?? []);
  const [aggregate, setAggregate] = useState<ChartAggregate>(initial?.measure.aggregate ?? 'count');
  const [measureField, setMeasureField] = useState(initial?.measure.fieldId ?? '');
  const [by, setBy] = useState<ChartGrouping>(initial?.groupBy.by ?? 'field');
  const [groupField, setGroupField] = useState(initial?.groupBy.fieldId ?? '');
  const [date, setDate] = useState(initial?.groupBy.date ?? 'createdAt');
  const [period, setPeriod] = useState<ChartPeriod>(initial?.groupBy.period ?? 'week');
  const [type, setType] = useState<ChartType>(initial?.type ?? 'bar');
  const [splitBy, setSplitBy] = useState<ChartSplitBy['by']>(initial?.splitBy?.by ?? 'field');
  const [splitField, setSplitField] = useState(initial?.splitBy?.fieldId ?? '');
  const split = splitChartTypes.includes(type);
  const [filters, setFilters] = useState<FilterRow[]>(() => (initial?.filters ?? []).map(filterRow));
  const [error, setError] = useState<string | null>(null);

  const chosen = templateIds.flatMap((id) => sources.data?.templates.find((s) => s.templateId === id) ?? []);
  // Over several templates, the fields they all have (same name and type), named by the first's ids.
  const fields = sharedFields(chosen.map((s) => s.fields));
  const several = templateIds.length > 1;
  const workflow = chosen.length > 0 && chosen.every((s) => s.workflow);

  const chooseTemplates = (ids: string[]) => {
    const next = ids.flatMap((id) => sources.data?.templates.find((s) => s.templateId === id) ?? []);
    const kept = new Set(sharedFields(next.map((s) => s.fields)).map((f) => f.id));
    const keep = (id: string) => (kept.has(id) ? id : '');
    setTemplateIds(ids);
    setMeasureField(keep);
    setGroupField(keep);
    setSplitField(keep);
    setDate((d) => (d.startsWith('field:') && !kept.has(d.slice(6)) ? 'createdAt' : d));
    setFilters((all) => all.filter((f) => !f.key.startsWith('field:') || kept.has(f.key.slice(6))));
    if (next.length === 0 || !next.every((s) => s.workflow)) setBy((b) => (b === 'workflowColumn' ? 'field' : b));
    if (ids.length < 2) {
      setBy((b) => (b === 'template' ? 'field' : b));
      setSplitBy((b) => (b === 'template' ? 'field' : b));
    }
  };

  const definition = useMemo<ChartDefinition | null>(() => {
    if (templateIds.length === 0) return null;
    return {
      templateIds,
      measure: aggregate === 'count' ? { aggregate } : { aggregate, fieldId: measureField || undefined },
      groupBy:
        by === 'field' ? { by, fieldId: groupField || undefined } : by === 'period' ? { by, date, period } : { by },
      ...(split
        ? { splitBy: splitBy === 'field' ? { by: splitBy, fieldId: splitField || undefined } : { by: splitBy } }
        : {}),
      type,
      filters: filters.map(filterText).filter((f): f is string => f !== null),
    };
  }, [templateIds, aggregate, measureField, by, groupField, date, period, type, split, splitBy, splitField, filters]);
  const [previewed] = useDebouncedValue(definition, 300);
  const preview = useChartPreview(folderId, previewed);

  const submit = () => {
    if (!definition) return;
    setError(null);
    save.mutate(
      { chartId: chart?.chartId ?? null, title, definition },
      { onSuccess: onClose, onError: (e) => setError(problemMessage(e, t)) },
    );
  };

  const filterKeys = [
    { value: 'createdAt', label: t('analytics.dates.createdAt') },
    { value: 'updatedAt', label: t('analytics.dates.updatedAt') },
    ...fields.map((f) => ({ value: `field:${f.id}`, label: f.label || f.id })),
  ];

  return (
    <Modal opened onClose={onClose} size="xl" title={chart ? t('analytics.editChart') : t('analytics.addChart')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label={t('analytics.chartTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
          />
          <MultiSelect
            label={t('analytics.templates')}
            description={t('analytics.templatesHint')}
            data={(sources.data?.templates ?? []).map((s) => ({ value: s.templateId, label: s.name }))}
            value={templateIds}
            onChange={chooseTemplates}
            maxValues={chartTemplatesMax}
            searchable
          />
          <Group grow align="flex-start">
            <Select
              label={t('analytics.measure')}
              data={chartAggregates.map((a) => ({ value: a, label: t(`analytics.aggregateNames.${a}`) }))}
              value={aggregate}
              onChange={(v) => v && setAggregate(v as ChartAggregate)}
              allowDeselect={false}
            />
            {aggregate !== 'count' && (
              <Select
                label={t('analytics.measuredField')}
                data={fields.filter((f) => f.numeric).map((f) => ({ value: f.id, label: f.label || f.id }))}
                value={measureField || null}
                onChange={(v) => setMeasureField(v ?? '')}
              />
            )}
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('analytics.groupBy')}
              data={(['none', 'field', 'period', 'folder', 'workflowColumn', 'template'] as const)
                .filter((g) => (g !== 'workflowColumn' || workflow) && (g !== 'template' || several))
                .map((g) => ({ value: g, label: t(`analytics.groupings.${g}`) }))}
              value={by}
              onChange={(v) => v && setBy(v as ChartGrouping)}
              allowDeselect={false}
            />
            {by === 'field' && (
              <Select
                label={t('analytics.groupField')}
                data={fields.filter((f) => f.groupable).map((f) => ({ value: f.id, label: f.label || f.id }))}
                value={groupField || null}
                onChange={(v) => setGroupField(v ?? '')}
              />
            )}
          </Group>
          {by === 'period' && (
            <Group grow align="flex-start">
              <Select
                label={t('analytics.periodDate')}
                data={[
                  { value: 'createdAt', label: t('analytics.dates.createdAt') },
                  { value: 'updatedAt', label: t('analytics.dates.updatedAt') },
                  ...fields.filter((f) => f.date).map((f) => ({ value: `field:${f.id}`, label: f.label || f.id })),
                ]}
                value={date}
                onChange={(v) => v && setDate(v)}
                allowDeselect={false}
              />
              <Select
                label={t('analytics.period')}
                data={chartPeriods.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))}
                value={period}
                onChange={(v) => v && setPeriod(v as ChartPeriod)}
                allowDeselect={false}
              />
            </Group>
          )}
          <Select
            label={t('analytics.chartType')}
            data={chartTypes.map((c) => ({ value: c, label: t(`analytics.types.${c}`) }))}
            value={type}
            onChange={(v) => v && setType(v as ChartType)}
            allowDeselect={false}
          />
          {split && (
            <Group grow align="flex-start">
              <Select
                label={t('analytics.splitBy')}
                data={(['field', 'folder', 'template'] as const)
                  .filter((g) => g !== 'template' || several)
                  .map((g) => ({ value: g, label: t(`analytics.groupings.${g}`) }))}
                value={splitBy}
                onChange={(v) => v && setSplitBy(v as ChartSplitBy['by'])}
                allowDeselect={false}
              />
              {splitBy === 'field' && (
                <Select
                  label={t('analytics.splitField')}
                  data={fields.filter((f) => f.groupable).map((f) => ({ value: f.id, label: f.label || f.id }))}
                  value={splitField || null}
                  onChange={(v) => setSplitField(v ?? '')}
                />
              )}
            </Group>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('analytics.filters')}
            </Text>
            {filters.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: filter rows have no identity beyond their place
              <Group key={index} gap={6} wrap="nowrap" align="flex-end">
                <Select
                  aria-label={t('analytics.filterField', { number: index + 1 })}
                  data={filterKeys}
                  value={row.key || null}
                  onChange={(v) => setFilters((all) => all.map((r, i) => (i === index ? { ...r, key: v ?? '' } : r)))}
                  searchable
                  w={150}
                />
                <Select
                  aria-label={t('analytics.filterOperator', { number: index + 1 })}
                  data={filterOperators.map((o) => ({ value: o, label: t(`registers.ops.${o}`) }))}
                  value={row.op}
                  onChange={(v) => setFilters((all) => all.map((r, i) => (i === index ? { ...r, op: v ?? 'eq' } : r)))}
                  allowDeselect={false}
                  w={120}
                />
                {!noValueOps.includes(row.op) && (
                  <TextInput
                    aria-label={t('analytics.filterValue', { number: index + 1 })}
                    value={row.value}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setFilters((all) => all.map((r, i) => (i === index ? { ...r, value } : r)));
                    }}
                    style={{ flex: 1 }}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('analytics.removeFilter')}
                  onClick={() => setFilters((all) => all.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              disabled={filters.length >= chartFiltersMax || chosen.length === 0}
              onClick={() => setFilters((all) => [...all, { key: '', op: 'eq', value: '' }])}
            >
              {t('analytics.addFilter')}
            </Button>
            {filters.length >= chartFiltersMax && (
              <Text size="xs" c="dimmed">
                {t('analytics.filtersMax', { max: chartFiltersMax })}
              </Text>
            )}
          </Stack>
        </Stack>
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('analytics.preview')}
          </Text>
          <Paper withBorder p="sm" data-testid="chart-preview">
            {!previewed ? (
              <Text c="dimmed">{t('analytics.chooseTemplate')}</Text>
            ) : preview.isError ? (
              <Alert color="red">{problemMessage(preview.error, t)}</Alert>
            ) : preview.data ? (
              <ChartView definition={previewed} values={preview.data} />
            ) : (
              <Text c="dimmed">{t('app.loading')}</Text>
            )}
          </Paper>
        </Stack>
      </SimpleGrid>
      {error && (
        <Alert color="red" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!definition || title.trim() === ''}>
          {t('analytics.save')}
        </Button>
      </Group>
    </Modal>
  );
}
