import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { LoginRoute } from '../features/auth/routes/login-route.tsx';
import { legacyRedirects } from './legacy-redirects.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { FolderActivityRoute } from './routes/folder-activity-route.tsx';
import {
  FormRoute,
  GridRoute,
  NewFormRoute,
  RegisterRoute,
  TeamFormsRoute,
  WorkflowFormRedirectRoute,
} from './routes/forms-routes.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { LandingRoute } from './routes/landing-route.tsx';
import { LaunchRoute } from './routes/launch-route.tsx';
import { OAuthRedirectRoute } from './routes/oauth-redirect-route.tsx';
import { TemplateEditorRoute } from './routes/template-editor-route.tsx';
import { TemplatesRoute } from './routes/templates-route.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

/**
 * The route table (spec 2.1, 2.2). Sections that are not built yet (users, lists, photos,
 * analytics, folder settings) have no routes, so their addresses show the 404 page; the shell
 * shows their links disabled. Unknown paths go to the 404 page.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/oauth-redirect', element: <OAuthRedirectRoute /> },
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <LandingRoute />
      </RequireAuth>
    ),
  },
  {
    path: '/launch',
    element: (
      <RequireAuth>
        <LaunchRoute />
      </RequireAuth>
    ),
  },
  {
    element: (
      <RequireAuth>
        <ShellLayout />
      </RequireAuth>
    ),
    children: [
      { path: '/home', element: <HomeRoute /> },
      { path: '/home/:level/:folderId/activity', element: <FolderActivityRoute /> },
      // Forms of a team folder (issue 6): feed, form, new form, register, template grid (board).
      { path: '/apps/:level/:folderId/forms', element: <TeamFormsRoute /> },
      { path: '/apps/:level/:folderId/forms/new/:templateId', element: <NewFormRoute /> },
      { path: '/apps/:level/:folderId/forms/:formId', element: <FormRoute /> },
      { path: '/apps/:level/:folderId/register/:templateId', element: <RegisterRoute /> },
      { path: '/apps/:level/:folderId/grid/:templateId', element: <GridRoute /> },
      { path: '/apps/:appId/forms/workflow/:formId', element: <WorkflowFormRedirectRoute /> },
      // Spec 2.2: Template Library (companies) and Templates (teams); grid is the legacy view name.
      { path: '/apps/:level/:folderId/:state', element: <TemplatesRoute /> },
      { path: '/apps/:level/:folderId/:state/grid', element: <TemplatesRoute /> },
      { path: '/apps/:level/:folderId/:state/tabs/:tabId', element: <TemplatesRoute /> },
      { path: '/apps/:level/:folderId/templates/new', element: <TemplateEditorRoute /> },
      { path: '/apps/:level/:folderId/templates/:templateId/edit', element: <TemplateEditorRoute /> },
    ],
  },
  ...legacyRedirects,
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
