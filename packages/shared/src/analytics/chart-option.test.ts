import { describe, expect, it } from 'vitest';
import type { ChartValues } from '../schemas/analytics.ts';
import { chartOption, chartPoints, pointAt, singleNumber } from './chart-option.ts';

const group = (key: string | null, value: number | null, seriesKey: string | null = null) => ({
  key,
  label: null,
  value,
  forms: value ?? 0,
  teamId: null,
  seriesKey,
  seriesLabel: null,
  registers: [],
});
const values = (groups: ChartValues['groups']): ChartValues => ({
  templates: [{ templateId: '00000000-0000-4000-8000-000000000000', name: 'T' }],
  measureLabel: null,
  groups,
  truncated: false,
});

describe('chart option', () => {
  it('draws bars and lines on a category axis, pies and donuts as rings, with a description for screen readers', () => {
    const points = chartPoints(values([group('a', 2), group('b', 5)]), (g) => String(g.key).toUpperCase());
    const bar = chartOption({ type: 'bar' }, points, { description: 'Forms in 2 groups', measure: 'Forms' });
    expect(bar).toMatchObject({
      aria: { enabled: true, label: { description: 'Forms in 2 groups' } },
      xAxis: { data: ['A', 'B'] },
      series: [
        {
          type: 'bar',
          data: [
            { name: 'A', value: 2 },
            { name: 'B', value: 5 },
          ],
        },
      ],
    });
    expect(chartOption({ type: 'line' }, points, { description: '', measure: '' })).toMatchObject({
      series: [{ type: 'line' }],
    });
    expect(chartOption({ type: 'donut' }, points, { description: '', measure: '' })).toMatchObject({
      series: [{ type: 'pie', radius: ['45%', '70%'] }],
    });
  });

  it('stacks or groups the parts of split bars, one series per part, and finds the part a click names', () => {
    const points = chartPoints(
      values([group('red', 3, 'crane'), group('red', 1, null), group('blue', 2, 'digger'), group('blue', 1, 'crane')]),
      (g) => String(g.key),
      (g) => (g.seriesKey === null ? 'none' : g.seriesKey.toUpperCase()),
    );
    const stacked = chartOption({ type: 'stackedBar' }, points, { description: '', measure: 'Forms' });
    expect(stacked).toMatchObject({
      xAxis: { data: ['red', 'blue'] },
      legend: { type: 'scroll' },
      series: [
        { type: 'bar', name: 'CRANE', stack: 'total', data: [3, 1] },
        { type: 'bar', name: 'none', stack: 'total', data: [1, null] },
        { type: 'bar', name: 'DIGGER', stack: 'total', data: [null, 2] },
      ],
    });
    const grouped = chartOption({ type: 'groupedBar' }, points, { description: '', measure: 'Forms' });
    expect((grouped.series as { stack?: string }[]).every((s) => s.stack === undefined)).toBe(true);
    expect(pointAt(points, 'groupedBar', 2, 1)?.group).toMatchObject({ key: 'blue', seriesKey: 'digger' });
    expect(pointAt(points, 'stackedBar', 2, 0)).toBeUndefined();
    expect(pointAt(points, 'bar', 0, 1)?.group.key).toBe('red');
  });

  it('a single number is the last period with its change against the one before', () => {
    expect(singleNumber(values([group('2026-03-02', 4), group('2026-03-09', 7)]))).toEqual({ value: 7, change: 3 });
    expect(singleNumber(values([group('all', 9)]))).toEqual({ value: 9, change: null });
    expect(singleNumber(values([]))).toBeNull();
  });
});
