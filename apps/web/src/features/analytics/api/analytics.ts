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
