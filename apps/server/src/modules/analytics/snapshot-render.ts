import {
  type ChartPoint,
  type ChartWords,
  chartOption,
  chartPoints,
  groupNamers,
  singleNumber,
} from '@formwork/shared/analytics/chart-option';
import type { ChartDefinition, ChartValues } from '@formwork/shared/schemas/analytics';
import sharp from 'sharp';

/**
 * A dashboard's charts drawn on the server for its snapshot e-mail (issue 20.4, ADR 0018): the
 * same ECharts option the browser draws (`chartOption` of packages/shared), rendered by ECharts'
 * server-side SVG renderer (no DOM, no native canvas) and turned into a PNG by sharp, since most
 * mail programs show no SVG. Tables and single numbers are written as HTML.
 */

/** The words of the e-mail's charts, in en-US (the server's e-mails are written in en-US). */
export const snapshotWords: ChartWords = {
  allForms: 'All forms',
  noValue: '(No value)',
  weekOf: (date) => `Week of ${date}`,
  column: (number) => `Column ${number}`,
  answer: (answer) => ({ yes: 'Yes', no: 'No', na: 'N/A' })[answer],
  measure: (aggregate, field) =>
    field === null
      ? 'Forms'
      : `${{ count: 'Forms', sum: 'Sum', avg: 'Average', min: 'Minimum', max: 'Maximum' }[aggregate]} of ${field}`,
};

export const snapshotChartSize = { width: 640, height: 320 };

/** A chart ready for the e-mail: its points as named rows, and its picture when it is drawn. */
export type DrawnChart = {
  measure: string;
  /** Whose forms it counts: 'Forms of <template>[, <template>...]'. */
  source: string;
  rows: { name: string; value: number | null }[];
  /** A single number chart: the last period's value and its change. */
  number: { value: number | null; change: number | null } | null;
  svg: string | null;
  png: Buffer | null;
};

function rowName(point: ChartPoint): string {
  return point.series === null ? point.name : `${point.name} / ${point.series}`;
}

/**
 * The SVG of a bar, line, pie or donut chart (null for tables and single numbers). ECharts is
 * loaded on the first snapshot, not when the server starts.
 */
export async function chartSvg(
  definition: ChartDefinition,
  points: ChartPoint[],
  measure: string,
): Promise<string | null> {
  if (definition.type === 'table' || definition.type === 'number') return null;
  const { init } = await import('echarts');
  const chart = init(null, null, { renderer: 'svg', ssr: true, ...snapshotChartSize });
  try {
    chart.setOption({
      ...chartOption(definition, points, {
        description: `${measure} in ${points.length} groups`,
        measure,
      }),
      backgroundColor: '#ffffff',
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export async function drawChart(definition: ChartDefinition, values: ChartValues): Promise<DrawnChart> {
  const { nameOf, seriesNameOf } = groupNamers(definition, snapshotWords);
  const points = chartPoints(values, nameOf, seriesNameOf);
  const measure = snapshotWords.measure(definition.measure.aggregate, values.measureLabel);
  const svg = points.length > 0 ? await chartSvg(definition, points, measure) : null;
  return {
    measure,
    source: `Forms of ${values.templates.map((t) => t.name).join(', ')}`,
    rows: points.map((p) => ({ name: rowName(p), value: p.value })),
    number: definition.type === 'number' ? singleNumber(values) : null,
    svg,
    png: svg ? await sharp(Buffer.from(svg)).png().toBuffer() : null,
  };
}
