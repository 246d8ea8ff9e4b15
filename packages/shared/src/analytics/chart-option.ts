import type { ChartDefinition, ChartGroup, ChartValues } from '../schemas/analytics.ts';

/**
 * One chart's drawing instructions for Apache ECharts (ADR 0018), from its definition and its
 * values: the browser draws it on a canvas, the server as SVG, from the same object. Names of
 * groups come in already worded (`names`), so this stays free of any translation.
 */
export type ChartOption = Record<string, unknown>;

export type ChartPoint = { name: string; value: number | null; group: ChartGroup };

/** The groups as named points, in the order the values came (largest first, or by key). */
export function chartPoints(values: ChartValues, nameOf: (group: ChartGroup) => string): ChartPoint[] {
  return values.groups.map((group) => ({ name: nameOf(group), value: group.value, group }));
}

/**
 * The last period's value and its change against the period before (a single number grouped by
 * period); the only value when the chart is not grouped. Null when there is nothing to show.
 */
export function singleNumber(values: ChartValues): { value: number | null; change: number | null } | null {
  const groups = values.groups.filter((g) => g.key !== null);
  const last = groups[groups.length - 1];
  if (!last) return null;
  const previous = groups[groups.length - 2];
  const change = previous && last.value !== null && previous.value !== null ? last.value - previous.value : null;
  return { value: last.value, change };
}

/** The ECharts option of a bar, line, pie or donut chart (tables and single numbers are not drawn). */
export function chartOption(
  definition: Pick<ChartDefinition, 'type'>,
  points: ChartPoint[],
  text: { description: string; measure: string },
): ChartOption {
  const data = points.map((p) => ({ name: p.name, value: p.value }));
  const common = {
    animation: false,
    aria: { enabled: true, label: { description: text.description } },
    tooltip: { trigger: definition.type === 'pie' || definition.type === 'donut' ? 'item' : 'axis' },
  };
  if (definition.type === 'pie' || definition.type === 'donut') {
    return {
      ...common,
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: text.measure,
          radius: definition.type === 'donut' ? ['45%', '70%'] : '70%',
          data,
        },
      ],
    };
  }
  return {
    ...common,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => p.name), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value' },
    series: [{ type: definition.type === 'line' ? 'line' : 'bar', name: text.measure, data }],
  };
}
