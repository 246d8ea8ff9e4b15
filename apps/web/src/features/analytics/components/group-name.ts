import type { ChartDefinition, ChartGroup } from '@formwork/shared/schemas/analytics';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';

/** How a chart names a group: the workspace's own names, else worded here (answers, periods, no value). */
export function useGroupName(definition: ChartDefinition): (group: ChartGroup) => string {
  const { t } = useTranslation();
  return useCallback(
    (group: ChartGroup) => {
      const { groupBy } = definition;
      if (groupBy.by === 'none') return t('analytics.allForms');
      if (group.key === null) return t('analytics.noValue');
      if (group.label !== null) return group.label;
      if (groupBy.by === 'period') {
        if (groupBy.period === 'month') return group.key.slice(0, 7);
        if (groupBy.period === 'week') return t('analytics.weekOf', { date: group.key });
        return group.key;
      }
      if (groupBy.by === 'workflowColumn') return t('analytics.column', { number: Number(group.key) + 1 });
      if (['yes', 'no', 'na'].includes(group.key)) return t(`analytics.answers.${group.key}`);
      return group.key;
    },
    [definition, t],
  );
}
