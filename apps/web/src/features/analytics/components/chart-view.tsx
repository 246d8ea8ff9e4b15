import { chartOption, chartPoints, pointAt, singleNumber } from '@formwork/shared/analytics/chart-option';
import type { ChartDefinition, ChartGroup, ChartValues } from '@formwork/shared/schemas/analytics';
import { Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { useChartWords, useGroupName } from './group-name.ts';

type Props = {
  definition: ChartDefinition;
  values: ChartValues;
  /** A bar, slice, point or row was chosen: the forms behind it. */
  onSelect?: (group: ChartGroup) => void;
  height?: number | string;
};

/** One chart drawn from its values: ECharts (loaded on first use) for bars, lines and pies. */
export function ChartView({ definition, values, onSelect, height = 260 }: Props) {
  const { t } = useTranslation();
  const { nameOf, seriesNameOf } = useGroupName(definition);
  const words = useChartWords();
  const points = useMemo(() => chartPoints(values, nameOf, seriesNameOf), [values, nameOf, seriesNameOf]);
  const measure = words.measure(definition.measure.aggregate, values.measureLabel);
  if (values.groups.length === 0) {
    return (
      <Center h={height}>
        <Text c="dimmed">{t('analytics.noForms')}</Text>
      </Center>
    );
  }
  if (definition.type === 'number') {
    const number = singleNumber(values);
    return (
      <Stack h={height} justify="center" align="center" gap={4}>
        <Text fz={40} fw={700} data-testid="chart-number">
          {number?.value ?? '-'}
        </Text>
        <Text c="dimmed">{measure}</Text>
        {number?.change !== null && number?.change !== undefined && (
          <Text c={number.change >= 0 ? 'teal' : 'red'}>
            {t('analytics.changeAgainstPrevious', { change: `${number.change >= 0 ? '+' : ''}${number.change}` })}
          </Text>
        )}
      </Stack>
    );
  }
  if (definition.type === 'table') {
    return (
      <Table.ScrollContainer minWidth={200} h={height}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analytics.group')}</Table.Th>
              <Table.Th ta="right">{measure}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr
                key={p.group.key ?? ''}
                style={onSelect ? { cursor: 'pointer' } : undefined}
                onClick={onSelect ? () => onSelect(p.group) : undefined}
              >
                <Table.Td>{p.name}</Table.Td>
                <Table.Td ta="right">{p.value ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const description = t('analytics.chartDescription', { measure, groups: points.length });
  return (
    <EChart
      option={chartOption(definition, points, { description, measure })}
      label={description}
      height={height}
      onSelect={
        onSelect
          ? (seriesIndex, dataIndex) => {
              const point = pointAt(points, definition.type, seriesIndex, dataIndex);
              if (point) onSelect(point.group);
            }
          : undefined
      }
    />
  );
}

function EChart({
  option,
  label,
  height,
  onSelect,
}: {
  option: Record<string, unknown>;
  label: string;
  height: number | string;
  onSelect?: (seriesIndex: number, dataIndex: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const loading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts-setup.ts').then(({ echarts }) => {
      const element = ref.current;
      if (disposed || !element) return;
      const chart = echarts.init(element, null, { renderer: 'svg' });
      chart.setOption(option);
      chart.on('click', (params) => {
        if (typeof params.dataIndex === 'number') select.current?.(params.seriesIndex ?? 0, params.dataIndex);
      });
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(element);
      // Its inline display would win over the `hidden` attribute.
      if (loading.current) loading.current.style.display = 'none';
      dispose = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [option]);
  return (
    <div style={{ position: 'relative', height }}>
      <div ref={loading} style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
        <Loader size="sm" />
      </div>
      <div ref={ref} role="img" aria-label={label} data-testid="chart" style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
