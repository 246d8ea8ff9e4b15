import type { Chart, ChartGroup } from '@formwork/shared/schemas/analytics';
import { ActionIcon, Alert, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { registerPath } from '../../../lib/form-paths.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useChartValues, useDeleteChart } from '../api/analytics.ts';
import { ChartView } from './chart-view.tsx';
import { useGroupName } from './group-name.ts';
import { RegisterChoice } from './register-choice.tsx';

type Props = {
  folderId: string;
  chart: Chart;
  canEdit: boolean;
  onEdit: (chart: Chart) => void;
  height?: number | string;
  /** Before the title: the handle that moves the chart in its grid. */
  handle?: ReactNode;
};

/** A saved chart with its values; a bar, slice or row opens the register filtered to its forms. */
export function ChartCard({ folderId, chart, canEdit, onEdit, height = 260, handle }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const values = useChartValues(folderId, chart);
  const remove = useDeleteChart(folderId, chart.dashboardId);
  const { nameOf } = useGroupName(chart.definition);
  const [choosing, setChoosing] = useState<(ChartGroup & { teamId: string }) | null>(null);
  const open = (group: ChartGroup) => {
    const { teamId } = group;
    if (!teamId) {
      showToast('info', t('analytics.severalTeams'));
      return;
    }
    const [only, ...others] = group.registers;
    if (only && others.length === 0) navigate(registerPath(teamId, only.templateId, only.filters));
    else setChoosing({ ...group, teamId });
  };
  return (
    <Paper withBorder p="sm" h="100%" data-testid="chart-card" aria-label={chart.title} component="section">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap" miw={0}>
            {handle}
            <Text fw={600} truncate>
              {chart.title}
            </Text>
          </Group>
          {canEdit && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('analytics.chartMenu', { title: chart.title })}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onEdit(chart)}>{t('analytics.editChart')}</Menu.Item>
                <Menu.Item
                  color="red"
                  onClick={() =>
                    remove.mutate(chart.chartId, {
                      onSuccess: () => showToast('success', t('analytics.chartDeleted')),
                      onError: (e) => showToast('error', problemMessage(e, t)),
                    })
                  }
                >
                  {t('analytics.deleteChart')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {values.isError ? (
          <Alert color="red">{problemMessage(values.error, t)}</Alert>
        ) : values.data ? (
          <ChartView definition={chart.definition} values={values.data} onSelect={open} height={height} />
        ) : (
          <Text c="dimmed">{t('app.loading')}</Text>
        )}
      </Stack>
      {choosing && values.data && (
        <RegisterChoice
          group={choosing}
          name={nameOf(choosing)}
          templates={values.data.templates}
          onClose={() => setChoosing(null)}
        />
      )}
    </Paper>
  );
}
