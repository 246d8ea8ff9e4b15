import type { ChartDefinition, ChartGroup } from '@formwork/shared/schemas/analytics';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';

type Grouping = { by: ChartDefinition['groupBy']['by']; period?: ChartDefinition['groupBy']['period'] };

/**
 * How a chart names a group (and, in stacked and grouped bars, a part of a bar): the workspace's
 * own names, else worded here (answers, periods, no value).
 */
export function useGroupName(definition: ChartDefinition): {
  nameOf: (group: ChartGroup) => string;
  seriesNameOf: ((group: ChartGroup) => string) | undefined;
} {
  const { t } = useTranslation();
  const name = useCallback(
    (grouping: Grouping, key: string | null, label: string | null) => {
      if (grouping.by === 'none') return t('analytics.allForms');
      if (key === null) return t('analytics.noValue');
      if (label !== null) return label;
      if (grouping.by === 'period') {
        if (grouping.period === 'month') return key.slice(0, 7);
        if (grouping.period === 'week') return t('analytics.weekOf', { date: key });
        return key;
      }
      if (grouping.by === 'workflowColumn') return t('analytics.column', { number: Number(key) + 1 });
      if (['yes', 'no', 'na'].includes(key)) return t(`analytics.answers.${key}`);
      return key;
    },
    [t],
  );
  const nameOf = useCallback(
    (group: ChartGroup) => name(definition.groupBy, group.key, group.label),
    [definition, name],
  );
  const split = definition.splitBy;
  const seriesNameOf = useCallback(
    (group: ChartGroup) => name(split ?? { by: 'none' }, group.seriesKey, group.seriesLabel),
    [split, name],
  );
  return { nameOf, seriesNameOf: split ? seriesNameOf : undefined };
}
