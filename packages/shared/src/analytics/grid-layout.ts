import type { ChartLayout } from '../schemas/analytics.ts';

/** A dashboard's grid: 12 columns; a chart is 1 to 12 rows high. */
export const gridColumns = 12;
const maxRows = 12;
/** The lowest row a chart may start on (the layout contract's bound). */
const maxTop = 1000;

export type PlacedChart = { chartId: string; layout: ChartLayout };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

const overlaps = (a: ChartLayout, b: ChartLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The dashboard's charts after one was moved or resized (drag and resize in the grid, by pointer
 * or keyboard): the chart kept inside the grid where it was put, and each chart it now overlaps
 * pushed down below, in turn from the top (a chart pushed may push the next). The others stay.
 * Answered in the order given.
 */
export function placeChart(charts: readonly PlacedChart[], chartId: string, next: ChartLayout): PlacedChart[] {
  const w = clamp(next.w, 1, gridColumns);
  const moved: ChartLayout = {
    x: clamp(next.x, 0, gridColumns - w),
    y: clamp(next.y, 0, maxTop),
    w,
    h: clamp(next.h, 1, maxRows),
  };
  const placed: PlacedChart[] = [{ chartId, layout: moved }];
  const others = charts
    .filter((c) => c.chartId !== chartId)
    .sort((p, q) => p.layout.y - q.layout.y || p.layout.x - q.layout.x);
  for (const chart of others) {
    const layout = { ...chart.layout };
    for (let blocker = placed.find((p) => overlaps(p.layout, layout)); blocker; ) {
      layout.y = blocker.layout.y + blocker.layout.h;
      blocker = placed.find((p) => overlaps(p.layout, layout));
    }
    placed.push({ chartId: chart.chartId, layout });
  }
  const byId = new Map(placed.map((p) => [p.chartId, p]));
  return charts.map((c) => byId.get(c.chartId) as PlacedChart);
}

/** The charts whose place differs between two arrangements (what a save sends). */
export function changedPlaces(before: readonly PlacedChart[], after: readonly PlacedChart[]): PlacedChart[] {
  const old = new Map(before.map((c) => [c.chartId, c.layout]));
  return after.filter((c) => {
    const was = old.get(c.chartId);
    return !was || was.x !== c.layout.x || was.y !== c.layout.y || was.w !== c.layout.w || was.h !== c.layout.h;
  });
}
