import { Navigate, type Params, type RouteObject, useLocation, useParams } from 'react-router';

type Target = (params: Params) => string;

/** Redirects to the new address, keeping the query string. */
function Redirect({ to }: { to: Target }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`${to(params)}${search}${hash}`} replace />;
}

const redirect = (path: string, to: Target): RouteObject => ({ path, element: <Redirect to={to} /> });

/** `dashboards/{id}/charts/grid|register[/{chartId}]` keeps its tail; anything else is the dashboards grid. */
function analyticsTail(splat: string | undefined): string {
  const tail = (splat ?? '').replace(/\/+$/, '');
  return /^dashboards\/[^/]+\/charts\/(grid|register)(\/[^/]+)?$/.test(tail) ? tail : 'dashboards/grid';
}

/**
 * Every legacy path of spec 2.2. Targets of sections that are not built yet (analytics) then
 * show the shell's "not available yet" page.
 */
export const legacyRedirects: RouteObject[] = [
  ...(['teams', 'companies'] as const).flatMap((level) => [
    redirect(`/${level}/:id/apps`, (p) => `/apps/${level}/${p.id}/active/grid`),
    redirect(`/${level}/:id/apps/grid/:templateId`, (p) => `/apps/${level}/${p.id}/grid/${p.templateId}`),
    redirect(`/${level}/:id/apps/register/:templateId`, (p) => `/apps/${level}/${p.id}/register/${p.templateId}`),
    redirect(`/${level}/:id/apps/:templateId/grid`, (p) => `/apps/${level}/${p.id}/grid/${p.templateId}`),
    redirect(`/${level}/:id/apps/:templateId/register`, (p) => `/apps/${level}/${p.id}/register/${p.templateId}`),
    redirect(`/${level}/:id/analytics/*`, (p) => `/analytics/${level}/${p.id}/${analyticsTail(p['*'])}`),
  ]),
  ...(['companies', 'projects'] as const).flatMap((level) => [
    redirect(`/${level}/:id/lists`, (p) => `/lists/${level}/${p.id}/active`),
    redirect(`/${level}/:id/lists/:listId`, (p) => `/lists/${level}/${p.id}/${p.listId}`),
  ]),
  redirect('/teams/:id/photos', (p) => `/photos/teams/${p.id}`),
  ...(['teams', 'projects', 'companies'] as const).map((level) =>
    redirect(`/${level}/:id`, (p) => `/home/${level}/${p.id}/activity`),
  ),
  redirect('/secure/home/*', (p) => `/home${p['*'] ? `/${p['*']}` : ''}`),
  redirect('/secure/apps/:appId/forms/workflow/:formId', (p) => `/apps/${p.appId}/forms/workflow/${p.formId}`),
];
