import {
  type Chart,
  type ChartDefinition,
  type ChartLayout,
  type ChartSources,
  type ChartValues,
  chartSchema,
  chartSourcesSchema,
  chartValuesSchema,
  type Dashboard,
  type DashboardDetail,
  type DashboardList,
  type DashboardState,
  dashboardDetailSchema,
  dashboardListSchema,
  dashboardSchema,
  type SnapshotFrequency,
  type SnapshotSubscriptionInfo,
  type SnapshotSubscriptions,
  snapshotSubscriptionInfoSchema,
  snapshotSubscriptionsSchema,
  type UpdateDashboard,
} from '@formwork/shared/schemas/analytics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of analytics: every change in a folder refreshes its dashboards and charts together. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  folder: (folderId: string) => ['analytics', folderId] as const,
  dashboards: (folderId: string, state: DashboardState) => ['analytics', folderId, 'dashboards', state] as const,
  dashboard: (folderId: string, dashboardId: string) => ['analytics', folderId, 'dashboard', dashboardId] as const,
  values: (folderId: string, dashboardId: string, chartId: string, updatedAt: string) =>
    ['analytics', folderId, 'values', dashboardId, chartId, updatedAt] as const,
  sources: (folderId: string) => ['analytics', folderId, 'sources'] as const,
  preview: (folderId: string, definition: ChartDefinition) => ['analytics', folderId, 'preview', definition] as const,
  subscriptions: (folderId: string, dashboardId: string) =>
    ['analytics', folderId, 'subscriptions', dashboardId] as const,
  unsubscribeLink: (link: UnsubscribeLink) =>
    ['analytics', 'unsubscribe', link.workspaceId, link.subscriptionId, link.token] as const,
};

const folderUrl = (folderId: string) => `/api/folders/${encodeURIComponent(folderId)}`;
const dashboardUrl = (folderId: string, dashboardId: string) =>
  `${folderUrl(folderId)}/dashboards/${encodeURIComponent(dashboardId)}`;

export function useDashboards(folderId: string, state: DashboardState) {
  return useQuery({
    queryKey: analyticsKeys.dashboards(folderId, state),
    queryFn: ({ signal }) =>
      apiRequest<DashboardList>(`${folderUrl(folderId)}/dashboards?state=${state}`, {
        signal,
        response: dashboardListSchema,
      }),
  });
}

export function useDashboard(folderId: string, dashboardId: string) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(folderId, dashboardId),
    queryFn: ({ signal }) =>
      apiRequest<DashboardDetail>(dashboardUrl(folderId, dashboardId), { signal, response: dashboardDetailSchema }),
  });
}

/** A saved chart's values (computed by the server over the forms the viewer may see). */
export function useChartValues(folderId: string, chart: Chart) {
  return useQuery({
    queryKey: analyticsKeys.values(folderId, chart.dashboardId, chart.chartId, chart.updatedAt),
    queryFn: ({ signal }) =>
      apiRequest<ChartValues>(`${dashboardUrl(folderId, chart.dashboardId)}/charts/${chart.chartId}/values`, {
        signal,
        response: chartValuesSchema,
      }),
  });
}

export function useChartSources(folderId: string) {
  return useQuery({
    queryKey: analyticsKeys.sources(folderId),
    queryFn: ({ signal }) =>
      apiRequest<ChartSources>(`${folderUrl(folderId)}/chart-sources`, { signal, response: chartSourcesSchema }),
  });
}

/** The chart editor's live preview: the values of the definition as it is being edited. */
export function useChartPreview(folderId: string, definition: ChartDefinition | null) {
  return useQuery({
    queryKey: analyticsKeys.preview(folderId, definition as ChartDefinition),
    enabled: definition !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<ChartValues>(`${folderUrl(folderId)}/chart-preview`, {
        method: 'POST',
        body: { definition },
        signal,
        response: chartValuesSchema,
      }),
  });
}

/** A change to a folder's dashboards or charts: refreshes them and the activity feeds. */
function useAnalyticsMutation<V, R>(folderId: string, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: analyticsKeys.folder(folderId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

export const useCreateDashboard = (folderId: string) =>
  useAnalyticsMutation(folderId, (name: string) =>
    apiRequest<Dashboard>(`${folderUrl(folderId)}/dashboards`, {
      method: 'POST',
      body: { name },
      response: dashboardSchema,
    }),
  );

export const useUpdateDashboard = (folderId: string) =>
  useAnalyticsMutation(folderId, ({ dashboardId, ...change }: UpdateDashboard & { dashboardId: string }) =>
    apiRequest<Dashboard>(dashboardUrl(folderId, dashboardId), {
      method: 'PATCH',
      body: change,
      response: dashboardSchema,
    }),
  );

export const useDeleteDashboard = (folderId: string) =>
  useAnalyticsMutation(folderId, (dashboardId: string) =>
    apiRequest(dashboardUrl(folderId, dashboardId), { method: 'DELETE' }),
  );

export const useReorderDashboards = (folderId: string) =>
  useAnalyticsMutation(folderId, (dashboardIds: string[]) =>
    apiRequest<DashboardList>(`${folderUrl(folderId)}/dashboards/order`, {
      method: 'PUT',
      body: { dashboardIds },
      response: dashboardListSchema,
    }),
  );

export type ChartSave = { title: string; definition: ChartDefinition; layout?: ChartLayout };

export const useSaveChart = (folderId: string, dashboardId: string) =>
  useAnalyticsMutation(folderId, ({ chartId, ...body }: ChartSave & { chartId: string | null }) =>
    apiRequest<Chart>(
      chartId
        ? `${dashboardUrl(folderId, dashboardId)}/charts/${encodeURIComponent(chartId)}`
        : `${dashboardUrl(folderId, dashboardId)}/charts`,
      { method: chartId ? 'PUT' : 'POST', body, response: chartSchema },
    ),
  );

export const useDeleteChart = (folderId: string, dashboardId: string) =>
  useAnalyticsMutation(folderId, (chartId: string) =>
    apiRequest(`${dashboardUrl(folderId, dashboardId)}/charts/${encodeURIComponent(chartId)}`, { method: 'DELETE' }),
  );

export const useArrangeCharts = (folderId: string, dashboardId: string) =>
  useAnalyticsMutation(folderId, (layouts: { chartId: string; layout: ChartLayout }[]) =>
    apiRequest<DashboardDetail>(`${dashboardUrl(folderId, dashboardId)}/layout`, {
      method: 'PUT',
      body: { layouts },
      response: dashboardDetailSchema,
    }),
  );

/** The caller's weekly and monthly snapshot e-mails of a dashboard (spec 2.6). */
export function useSnapshotSubscriptions(folderId: string, dashboardId: string) {
  return useQuery({
    queryKey: analyticsKeys.subscriptions(folderId, dashboardId),
    queryFn: ({ signal }) =>
      apiRequest<SnapshotSubscriptions>(`${dashboardUrl(folderId, dashboardId)}/snapshot-subscriptions`, {
        signal,
        response: snapshotSubscriptionsSchema,
      }),
  });
}

export const useSetSnapshotSubscriptions = (folderId: string, dashboardId: string) =>
  useAnalyticsMutation(folderId, (wanted: SnapshotSubscriptions) =>
    apiRequest<SnapshotSubscriptions>(`${dashboardUrl(folderId, dashboardId)}/snapshot-subscriptions`, {
      method: 'PUT',
      body: wanted,
      response: snapshotSubscriptionsSchema,
    }),
  );

/** Sends the caller one of their snapshot e-mails now (a job draws and mails it). */
export function useSendSnapshot(folderId: string, dashboardId: string) {
  return useMutation({
    mutationFn: (frequency: SnapshotFrequency) =>
      apiRequest(`${dashboardUrl(folderId, dashboardId)}/snapshot-subscriptions/send`, {
        method: 'POST',
        body: { frequency },
      }),
  });
}

/** The parts of a snapshot e-mail's unsubscribe link (`/snapshots/unsubscribe/{workspace}/{subscription}/{token}`). */
export type UnsubscribeLink = { workspaceId: string; subscriptionId: string; token: string };

const unsubscribeUrl = (link: UnsubscribeLink) =>
  `/api/public/snapshot-subscriptions/${[link.workspaceId, link.subscriptionId, link.token].map(encodeURIComponent).join('/')}`;

/** What an unsubscribe link is about (public: no sign-in). */
export function useUnsubscribeLink(link: UnsubscribeLink) {
  return useQuery({
    queryKey: analyticsKeys.unsubscribeLink(link),
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<SnapshotSubscriptionInfo>(unsubscribeUrl(link), {
        signal,
        response: snapshotSubscriptionInfoSchema,
      }),
  });
}

export function useUnsubscribe(link: UnsubscribeLink) {
  return useMutation({
    mutationFn: () => apiRequest(`${unsubscribeUrl(link)}/unsubscribe`, { method: 'POST' }),
  });
}
