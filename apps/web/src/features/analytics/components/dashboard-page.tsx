import type { FolderKind } from '@formwork/shared/permissions';
import type { Chart } from '@formwork/shared/schemas/analytics';
import { Anchor, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useDashboard } from '../api/analytics.ts';
import { dashboardPath, dashboardsPath } from './analytics-paths.ts';
import { ChartCard } from './chart-card.tsx';
import { ChartEditor } from './chart-editor.tsx';
import { DashboardGrid } from './dashboard-grid.tsx';
import { SnapshotSubscriptionsButton } from './snapshot-subscriptions.tsx';

type Props = {
  kind: FolderKind;
  folderId: string;
  dashboardId: string;
  view: 'grid' | 'register';
  chartId?: string;
};

/** Height of one row of the dashboard's 12-column grid. */
const rowHeight = 70;

/** A dashboard (issue 20): its charts in a grid, or listed as a register of charts (one opened). */
export function DashboardPage({ kind, folderId, dashboardId, view, chartId }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboard = useDashboard(folderId, dashboardId);
  const [editing, setEditing] = useState<{ chart: Chart | null } | null>(null);
  if (dashboard.isError)
    return (
      <Text p="md" c="red">
        {problemMessage(dashboard.error, t)}
      </Text>
    );
  if (!dashboard.data)
    return (
      <Text p="md" c="dimmed">
        {t('app.loading')}
      </Text>
    );
  const { charts, canEdit } = dashboard.data;
  const opened = chartId ? charts.find((c) => c.chartId === chartId) : undefined;
  return (
    <Stack p="md" gap="md">
      <Anchor component={Link} to={dashboardsPath(kind, folderId)} size="sm">
        {t('analytics.allDashboards')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {dashboard.data.name}
        </Title>
        <Group>
          <SegmentedControl
            value={view}
            onChange={(v) => navigate(dashboardPath(kind, folderId, dashboardId, v as 'grid' | 'register'))}
            data={[
              { value: 'grid', label: t('analytics.gridView') },
              { value: 'register', label: t('analytics.registerView') },
            ]}
          />
          <SnapshotSubscriptionsButton
            folderId={folderId}
            dashboardId={dashboardId}
            dashboardName={dashboard.data.name}
          />
          {canEdit && <Button onClick={() => setEditing({ chart: null })}>{t('analytics.addChart')}</Button>}
        </Group>
      </Group>
      {charts.length === 0 && <Text c="dimmed">{t('analytics.noCharts')}</Text>}
      {view === 'grid' ? (
        <DashboardGrid
          folderId={folderId}
          dashboardId={dashboardId}
          charts={charts}
          canEdit={canEdit}
          onEdit={(c) => setEditing({ chart: c })}
          rowHeight={rowHeight}
        />
      ) : opened ? (
        <Stack>
          <Anchor component={Link} to={dashboardPath(kind, folderId, dashboardId, 'register')} size="sm">
            {t('analytics.allCharts')}
          </Anchor>
          <ChartCard
            folderId={folderId}
            chart={opened}
            canEdit={canEdit}
            onEdit={(c) => setEditing({ chart: c })}
            height={420}
          />
        </Stack>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analytics.chartTitle')}</Table.Th>
              <Table.Th>{t('analytics.chartType')}</Table.Th>
              <Table.Th>{t('analytics.groupBy')}</Table.Th>
              <Table.Th>{t('analytics.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charts.map((chart) => (
              <Table.Tr key={chart.chartId}>
                <Table.Td>
                  <Anchor component={Link} to={dashboardPath(kind, folderId, dashboardId, 'register', chart.chartId)}>
                    {chart.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`analytics.types.${chart.definition.type}`)}</Table.Td>
                <Table.Td>{t(`analytics.groupings.${chart.definition.groupBy.by}`)}</Table.Td>
                <Table.Td>{new Date(chart.updatedAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <ChartEditor
          folderId={folderId}
          dashboardId={dashboardId}
          chart={editing.chart}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
