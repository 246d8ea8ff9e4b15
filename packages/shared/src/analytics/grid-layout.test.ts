import { describe, expect, it } from 'vitest';
import { placeChart } from './grid-layout.ts';

const a = { chartId: 'a', layout: { x: 0, y: 0, w: 6, h: 4 } };
const b = { chartId: 'b', layout: { x: 6, y: 0, w: 6, h: 4 } };
const c = { chartId: 'c', layout: { x: 0, y: 4, w: 12, h: 3 } };

describe('placing a chart in the 12-column grid', () => {
  it('moves a chart and pushes the charts it now overlaps below it, in turn', () => {
    const placed = placeChart([a, b, c], 'b', { x: 0, y: 0, w: 6, h: 4 });
    expect(placed).toEqual([
      { chartId: 'a', layout: { x: 0, y: 4, w: 6, h: 4 } },
      { chartId: 'b', layout: { x: 0, y: 0, w: 6, h: 4 } },
      { chartId: 'c', layout: { x: 0, y: 8, w: 12, h: 3 } },
    ]);
  });

  it('keeps a chart inside the grid: at most 12 columns wide, never left of the first column or above the top', () => {
    expect(placeChart([a], 'a', { x: 9, y: -2, w: 6, h: 4 })).toEqual([
      { chartId: 'a', layout: { x: 6, y: 0, w: 6, h: 4 } },
    ]);
    expect(placeChart([a], 'a', { x: -3, y: 0, w: 20, h: 0 })).toEqual([
      { chartId: 'a', layout: { x: 0, y: 0, w: 12, h: 1 } },
    ]);
    expect(placeChart([a], 'a', { x: 0, y: 0, w: 6, h: 30 })[0]?.layout.h).toBe(12);
  });

  it('resizing wider pushes the neighbour down; charts it does not touch stay', () => {
    const placed = placeChart([a, b, c], 'a', { x: 0, y: 0, w: 8, h: 4 });
    expect(placed.find((p) => p.chartId === 'b')?.layout).toEqual({ x: 6, y: 4, w: 6, h: 4 });
    expect(placed.find((p) => p.chartId === 'c')?.layout).toEqual({ x: 0, y: 8, w: 12, h: 3 });
    const smaller = placeChart([a, b, c], 'a', { x: 0, y: 0, w: 3, h: 2 });
    expect(smaller.find((p) => p.chartId === 'b')?.layout).toEqual(b.layout);
    expect(smaller.find((p) => p.chartId === 'c')?.layout).toEqual(c.layout);
  });
});
