import { type ChartDefinition, type ChartGroup, type ChartValues, splitChartTypes } from '../schemas/analytics.ts';

/**
 * One chart's drawing instructions for Apache ECharts (ADR 0018), from its definition and its
 * values: the browser draws it on a canvas, the server as SVG, from the same object. Names of
 * groups come in already worded (`names`), so this stays free of any translation.
 */
export type ChartOption = Record<string, unknown>;

/** A group as drawn: its name and, in stacked and grouped bars, the name of its part of the bar. */
export type ChartPoint = { name: string; series: string | null; value: number | null; group: ChartGroup };

/** The groups as named points, in the order the values came (largest first, or by key). */
export function chartPoints(
  values: ChartValues,
  nameOf: (group: ChartGroup) => string,
  seriesNameOf?: (group: ChartGroup) => string,
): ChartPoint[] {
  return values.groups.map((group) => ({
    name: nameOf(group),
    series: seriesNameOf ? seriesNameOf(group) : null,
    value: group.value,
    group,
  }));
}

/** The words a chart's names are made of, in the reader's language (the web's translations, the e-mail's en-US). */
export type ChartWords = {
  allForms: string;
  noValue: string;
  weekOf: (date: string) => string;
  column: (number: number) => string;
  answer: (answer: 'yes' | 'no' | 'na') => string;
  /** The measure: a count of forms, or an aggregate of the named field. */
  measure: (aggregate: ChartDefinition['measure']['aggregate'], field: string | null) => string;
};

type Grouping = { by: ChartDefinition['groupBy']['by']; period?: ChartDefinition['groupBy']['period'] };

/** How a chart names a group or a part of a bar: the workspace's own names, else worded (answers, periods, no value). */
export function groupName(grouping: Grouping, key: string | null, label: string | null, words: ChartWords): string {
  if (grouping.by === 'none') return words.allForms;
  if (key === null) return words.noValue;
  if (label !== null) return label;
  if (grouping.by === 'period') {
    if (grouping.period === 'month') return key.slice(0, 7);
    if (grouping.period === 'week') return words.weekOf(key);
    return key;
  }
  if (grouping.by === 'workflowColumn') return words.column(Number(key) + 1);
  if (key === 'yes' || key === 'no' || key === 'na') return words.answer(key);
  return key;
}

/** A chart's group and bar-part namers (the second only for stacked and grouped bars). */
export function groupNamers(
  definition: Pick<ChartDefinition, 'groupBy' | 'splitBy'>,
  words: ChartWords,
): { nameOf: (group: ChartGroup) => string; seriesNameOf: ((group: ChartGroup) => string) | undefined } {
  const split = definition.splitBy;
  return {
    nameOf: (group) => groupName(definition.groupBy, group.key, group.label, words),
    seriesNameOf: split ? (group) => groupName(split, group.seriesKey, group.seriesLabel, words) : undefined,
  };
}

const keyOf = (key: string | null) => (key === null ? '\u0000' : `k${key}`);

/**
 * Split bars as a grid: the bars (groups, in the order the values came) and the parts (series, in
 * the order first met), with the point of each part of each bar (undefined: that bar has no such part).
 */
function splitGrid(points: ChartPoint[]) {
  const bars = new Map<string, string>();
  const series = new Map<string, { name: string; cells: Map<string, ChartPoint> }>();
  for (const point of points) {
    const bar = keyOf(point.group.key);
    if (!bars.has(bar)) bars.set(bar, point.name);
    const part = keyOf(point.group.seriesKey);
    const entry = series.get(part) ?? { name: point.series ?? '', cells: new Map() };
    entry.cells.set(bar, point);
    series.set(part, entry);
  }
  const barKeys = [...bars.keys()];
  return {
    categories: [...bars.values()],
    series: [...series.values()].map((s) => ({ name: s.name, points: barKeys.map((b) => s.cells.get(b)) })),
  };
}

/** The point a click on an ECharts series and data index names (of split bars: a part of a bar). */
export function pointAt(
  points: ChartPoint[],
  type: ChartDefinition['type'],
  seriesIndex: number,
  dataIndex: number,
): ChartPoint | undefined {
  if (!splitChartTypes.includes(type)) return points[dataIndex];
  return splitGrid(points).series[seriesIndex]?.points[dataIndex];
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

/**
 * The ECharts option of a bar (plain, stacked or grouped), line, pie or donut chart (tables and
 * single numbers are not drawn).
 */
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
  if (splitChartTypes.includes(definition.type)) {
    const grid = splitGrid(points);
    return {
      ...common,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 8, right: 16, top: 16, bottom: 32, containLabel: true },
      xAxis: { type: 'category', data: grid.categories, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value' },
      series: grid.series.map((s) => ({
        type: 'bar',
        name: s.name,
        ...(definition.type === 'stackedBar' ? { stack: 'total' } : {}),
        data: s.points.map((p) => p?.value ?? null),
      })),
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
