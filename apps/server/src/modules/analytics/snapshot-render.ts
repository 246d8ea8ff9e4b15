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
import type { Translate } from '../../i18n/texts.ts';

/**
 * A dashboard's charts drawn on the server for its snapshot e-mail (issue 20.4, ADR 0018): the
 * same ECharts option the browser draws (`chartOption` of packages/shared), rendered by ECharts'
 * server-side SVG renderer (no DOM, no native canvas) and turned into a PNG by sharp, since most
 * mail programs show no SVG. Tables and single numbers are written as HTML.
 */

/** The words of the e-mail's charts in its reader's locale (the web words them from its own files). */
export function snapshotWords(t: Translate): ChartWords {
  return {
    allForms: t('mail.snapshot.allForms'),
    noValue: t('mail.snapshot.noValue'),
    weekOf: (date) => t('mail.snapshot.weekOf', { date }),
    column: (number) => t('mail.snapshot.column', { number }),
    answer: (answer) => t(`mail.snapshot.answers.${answer}`),
    measure: (aggregate, field) =>
      field === null ? t('mail.snapshot.aggregates.count') : t(`mail.snapshot.aggregates.${aggregate}`, { field }),
  };
}

export const snapshotChartSize = { width: 640, height: 320 };

/** A chart ready for the e-mail: its points as named rows, and its picture when it is drawn. */
export type DrawnChart = {
  measure: string;
  /** Whose forms it counts: 'Forms of <template>[, <template>...]' in the reader's words. */
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
  t: Translate,
): Promise<string | null> {
  if (definition.type === 'table' || definition.type === 'number') return null;
  const { init } = await import('echarts');
  const chart = init(null, null, { renderer: 'svg', ssr: true, ...snapshotChartSize });
  try {
    chart.setOption({
      ...chartOption(definition, points, {
        description: t('mail.snapshot.chartDescription', { measure, count: points.length }),
        measure,
      }),
      backgroundColor: '#ffffff',
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export async function drawChart(definition: ChartDefinition, values: ChartValues, t: Translate): Promise<DrawnChart> {
  const words = snapshotWords(t);
  const { nameOf, seriesNameOf } = groupNamers(definition, words);
  const points = chartPoints(values, nameOf, seriesNameOf);
  const measure = words.measure(definition.measure.aggregate, values.measureLabel);
  const svg = points.length > 0 ? await chartSvg(definition, points, measure, t) : null;
  return {
    measure,
    source: t('mail.snapshot.source', { templates: values.templates.map((template) => template.name).join(', ') }),
    rows: points.map((p) => ({ name: rowName(p), value: p.value })),
    number: definition.type === 'number' ? singleNumber(values) : null,
    svg,
    png: svg ? await sharp(Buffer.from(svg)).png().toBuffer() : null,
  };
}
