import type { FolderKind } from '@formwork/shared/permissions';

/** Addresses of Analytics (spec 2.2): /analytics/teams|companies/{id}/dashboards/grid and a dashboard's charts. */
const enc = encodeURIComponent;

const base = (kind: FolderKind, folderId: string) =>
  `/analytics/${kind === 'company' ? 'companies' : 'teams'}/${enc(folderId)}/dashboards`;

export const dashboardsPath = (kind: FolderKind, folderId: string) => `${base(kind, folderId)}/grid`;

export const dashboardPath = (
  kind: FolderKind,
  folderId: string,
  dashboardId: string,
  view: 'grid' | 'register' = 'grid',
  chartId?: string,
) => `${base(kind, folderId)}/${enc(dashboardId)}/charts/${view}${chartId ? `/${enc(chartId)}` : ''}`;
