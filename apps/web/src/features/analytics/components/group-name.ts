import { type ChartWords, groupNamers } from '@formwork/shared/analytics/chart-option';
import type { ChartDefinition, ChartGroup } from '@formwork/shared/schemas/analytics';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';

/** The words of a chart's names in the reader's language (the server words its e-mails the same way in en-US). */
export function useChartWords(): ChartWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      allForms: t('analytics.allForms'),
      noValue: t('analytics.noValue'),
      weekOf: (date) => t('analytics.weekOf', { date }),
      column: (number) => t('analytics.column', { number }),
      answer: (answer) => t(`analytics.answers.${answer}`),
      measure: (aggregate, field) =>
        field === null ? t('analytics.aggregates.count') : t(`analytics.aggregates.${aggregate}`, { field }),
    }),
    [t],
  );
}

/**
 * How a chart names a group (and, in stacked and grouped bars, a part of a bar): the workspace's
 * own names, else worded here (answers, periods, no value).
 */
export function useGroupName(definition: ChartDefinition): {
  nameOf: (group: ChartGroup) => string;
  seriesNameOf: ((group: ChartGroup) => string) | undefined;
} {
  const words = useChartWords();
  return useMemo(() => groupNamers(definition, words), [definition, words]);
}
