import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { dashboardsPath } from '../../features/analytics/components/analytics-paths.ts';
import { DashboardPage } from '../../features/analytics/components/dashboard-page.tsx';
import { DashboardsPage } from '../../features/analytics/components/dashboards-page.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { levelKinds } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';

/**
 * /analytics/{teams|companies}/{id}/... (spec 2.2): the dashboards of a team or the company
 * (dashboards/grid), one dashboard's charts (dashboards/{id}/charts/grid|register[/{chartId}]);
 * any other tail goes to the dashboards. Projects have no Analytics (404).
 */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level, '*': tail = '' } = useParams();
  const kind = level ? levelKinds[level] : undefined;
  if (kind !== 'team' && kind !== 'company') return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  if (location.kind !== kind) return <Navigate to="/404" replace />;
  const folderId = location.folderId;
  if (tail === 'dashboards/grid') return <DashboardsPage key={folderId} kind={kind} folderId={folderId} />;
  const match = /^dashboards\/([^/]+)\/charts\/(grid|register)(?:\/([^/]+))?$/.exec(tail);
  if (match) {
    const [, dashboardId = '', view, chartId] = match;
    return (
      <DashboardPage
        key={`${folderId}:${dashboardId}`}
        kind={kind}
        folderId={folderId}
        dashboardId={dashboardId}
        view={view as 'grid' | 'register'}
        chartId={chartId}
      />
    );
  }
  return <Navigate to={dashboardsPath(kind, folderId)} replace />;
}
