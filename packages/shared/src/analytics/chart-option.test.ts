import { describe, expect, it } from 'vitest';
import type { ChartValues } from '../schemas/analytics.ts';
import { chartOption, chartPoints, singleNumber } from './chart-option.ts';

const group = (key: string | null, value: number | null) => ({
  key,
  label: null,
  value,
  forms: value ?? 0,
  teamId: null,
  filters: [],
});
const values = (groups: ChartValues['groups']): ChartValues => ({
  templateId: '00000000-0000-4000-8000-000000000000',
  templateName: 'T',
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

  it('a single number is the last period with its change against the one before', () => {
    expect(singleNumber(values([group('2026-03-02', 4), group('2026-03-09', 7)]))).toEqual({ value: 7, change: 3 });
    expect(singleNumber(values([group('all', 9)]))).toEqual({ value: 9, change: null });
    expect(singleNumber(values([]))).toBeNull();
  });
});
