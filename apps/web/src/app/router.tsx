import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { LoginRoute } from '../features/auth/routes/login-route.tsx';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { legacyRedirects } from './legacy-redirects.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { LandingRoute } from './routes/landing-route.tsx';
import { LaunchRoute } from './routes/launch-route.tsx';
import { OAuthRedirectRoute } from './routes/oauth-redirect-route.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

// The forms and template areas load on first use (their own chunks); a chunk that fails to load
// after a deploy reloads the page once (spec 8.1).
const formsRoutes = () => import('./routes/forms-routes.tsx');
const TeamFormsRoute = lazyWithReload(() => formsRoutes().then((m) => ({ default: m.TeamFormsRoute })));
const NewFormRoute = lazyWithReload(() => formsRoutes().then((m) => ({ default: m.NewFormRoute })));
const FormRoute = lazyWithReload(() => formsRoutes().then((m) => ({ default: m.FormRoute })));
const RegisterRoute = lazyWithReload(() => formsRoutes().then((m) => ({ default: m.RegisterRoute })));
const GridRoute = lazyWithReload(() => formsRoutes().then((m) => ({ default: m.GridRoute })));
const WorkflowFormRedirectRoute = lazyWithReload(() =>
  formsRoutes().then((m) => ({ default: m.WorkflowFormRedirectRoute })),
);
// A folder's activity page and the e-mail confirmation load with their route (issue 15.4): the
// first screen is the shell and the folder navigation.
const FolderActivityRoute = lazyWithReload(() =>
  import('./routes/folder-activity-route.tsx').then((m) => ({ default: m.FolderActivityRoute })),
);
const ConfirmEmailRoute = lazyWithReload(() =>
  import('../features/auth/routes/confirm-email-route.tsx').then((m) => ({ default: m.ConfirmEmailRoute })),
);
const SettingsRoute = lazyWithReload(() =>
  import('./routes/settings-route.tsx').then((m) => ({ default: m.SettingsRoute })),
);
const ProductBoardRoute = lazyWithReload(() =>
  import('./routes/product-board-route.tsx').then((m) => ({ default: m.ProductBoardRoute })),
);
const UsersRoute = lazyWithReload(() => import('./routes/users-route.tsx').then((m) => ({ default: m.UsersRoute })));
const ActivationRoute = lazyWithReload(() =>
  import('./routes/activation-route.tsx').then((m) => ({ default: m.ActivationRoute })),
);
const PhoneWelcomeRoute = lazyWithReload(() =>
  import('./routes/activation-route.tsx').then((m) => ({ default: m.PhoneWelcomeRoute })),
);
// Analytics with ECharts loads only on its own addresses (ADR 0018).
const AnalyticsRoute = lazyWithReload(() =>
  import('./routes/analytics-route.tsx').then((m) => ({ default: m.AnalyticsRoute })),
);
const PhotosRoute = lazyWithReload(() => import('./routes/photos-route.tsx').then((m) => ({ default: m.PhotosRoute })));
const LinksRoute = lazyWithReload(() => import('./routes/links-route.tsx').then((m) => ({ default: m.LinksRoute })));
const PublicLinkRoute = lazyWithReload(() =>
  import('./routes/public-link-route.tsx').then((m) => ({ default: m.PublicLinkRoute })),
);
const SnapshotUnsubscribeRoute = lazyWithReload(() =>
  import('./routes/snapshot-unsubscribe-route.tsx').then((m) => ({ default: m.SnapshotUnsubscribeRoute })),
);
const ListsRoute = lazyWithReload(() => import('./routes/lists-route.tsx').then((m) => ({ default: m.ListsRoute })));
const VerifyDomainRoute = lazyWithReload(() =>
  import('../features/security/routes/verify-domain-route.tsx').then((m) => ({ default: m.VerifyDomainRoute })),
);
const SignupRoute = lazyWithReload(() => import('./routes/signup-route.tsx').then((m) => ({ default: m.SignupRoute })));
// The Template Library, a team's Templates and the free template library (issue 22.2) are one area.
const templatesRoutes = () => import('./routes/templates-route.tsx');
const TemplatesRoute = lazyWithReload(() => templatesRoutes().then((m) => ({ default: m.TemplatesRoute })));
const LibraryRoute = lazyWithReload(() => templatesRoutes().then((m) => ({ default: m.LibraryRoute })));
const IntegrationsRoute = lazyWithReload(() =>
  import('./routes/integrations-route.tsx').then((m) => ({ default: m.IntegrationsRoute })),
);
const TemplateEditorRoute = lazyWithReload(() =>
  import('./routes/template-editor-route.tsx').then((m) => ({ default: m.TemplateEditorRoute })),
);

function lazyPage(Page: ComponentType) {
  return (
    <Suspense
      fallback={
        <Center mih="40vh">
          <Loader />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

/** The route table (spec 2.1, 2.2). Unknown paths go to the 404 page. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/oauth-redirect', element: <OAuthRedirectRoute /> },
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  // Spec 2.8: self-service sign-up, before anyone is signed in.
  { path: '/signup', element: lazyPage(SignupRoute) },
  // Spec 2.7: invited-user activation, before anyone is signed in.
  { path: '/users/activation/:activationId', element: lazyPage(ActivationRoute) },
  { path: '/users/activation/:activationId/company/:companyId', element: lazyPage(ActivationRoute) },
  // Issue 23.2: a verified domain's e-mailed link, opened by whoever holds a mailbox at the domain.
  { path: '/verify-domain/:token', element: lazyPage(VerifyDomainRoute) },
  // Issue 21: a submission link's page, for anyone with its address (no account, no shell).
  { path: '/s/:token', element: lazyPage(PublicLinkRoute) },
  // Issue 22.3 (spec 2.1 embed): the same page framed by the workspace's allowed embed origins.
  { path: '/embed/s/:token', element: lazyPage(PublicLinkRoute) },
  // Issue 20.4: a snapshot e-mail's unsubscribe link (no sign-in: the token is the proof).
  {
    path: '/snapshots/unsubscribe/:workspaceId/:subscriptionId/:token',
    element: lazyPage(SnapshotUnsubscribeRoute),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <LandingRoute />
      </RequireAuth>
    ),
  },
  // Spec 2.7: after activating on a phone, signed in, a welcome with the app link.
  { path: '/welcome/mobile', element: <RequireAuth>{lazyPage(PhoneWelcomeRoute)}</RequireAuth> },
  {
    path: '/confirm-email',
    element: <RequireAuth>{lazyPage(ConfirmEmailRoute)}</RequireAuth>,
  },
  {
    path: '/redirect/product-board',
    element: <RequireAuth>{lazyPage(ProductBoardRoute)}</RequireAuth>,
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
      { path: '/home/:level/:folderId/activity', element: lazyPage(FolderActivityRoute) },
      { path: '/home/:level/:folderId/settings', element: lazyPage(SettingsRoute) },
      { path: '/users/:level/:folderId', element: lazyPage(UsersRoute) },
      // Issue 24: the person's API tokens and the API's documentation (user menu > Integrations).
      { path: '/integrations', element: lazyPage(IntegrationsRoute) },
      { path: '/integrations/:tab', element: lazyPage(IntegrationsRoute) },
      // Spec 2.2: List Library (companies) and Lists (projects), active or archived, and one list.
      { path: '/lists/:level/:folderId', element: lazyPage(ListsRoute) },
      { path: '/lists/:level/:folderId/:segment', element: lazyPage(ListsRoute) },
      // Spec 2.2: a team's Photos (issue 19).
      { path: '/photos/:level/:folderId', element: lazyPage(PhotosRoute) },
      // Spec 2.2: a team's or the company's Analytics (issue 20); any tail, so legacy redirects land.
      { path: '/analytics/:level/:folderId/*', element: lazyPage(AnalyticsRoute) },
      // Forms of a team folder (issue 6): feed, form, new form, register, template grid (board).
      { path: '/apps/:level/:folderId/forms', element: lazyPage(TeamFormsRoute) },
      { path: '/apps/:level/:folderId/forms/new/:templateId', element: lazyPage(NewFormRoute) },
      { path: '/apps/:level/:folderId/forms/:formId', element: lazyPage(FormRoute) },
      { path: '/apps/:level/:folderId/register/:templateId', element: lazyPage(RegisterRoute) },
      { path: '/apps/:level/:folderId/grid/:templateId', element: lazyPage(GridRoute) },
      { path: '/apps/:appId/forms/workflow/:formId', element: lazyPage(WorkflowFormRedirectRoute) },
      // Issue 21: a team's submission links (its controllers), reached from the team's Templates.
      { path: '/apps/:level/:folderId/links', element: lazyPage(LinksRoute) },
      // Spec 2.2: Template Library (companies) and Templates (teams); grid is the legacy view name.
      { path: '/apps/:level/:folderId/:state', element: lazyPage(TemplatesRoute) },
      { path: '/apps/:level/:folderId/:state/grid', element: lazyPage(TemplatesRoute) },
      { path: '/apps/:level/:folderId/:state/tabs/:tabId', element: lazyPage(TemplatesRoute) },
      // Spec 2.1 `library-apps`: the free template library, for the folder a copy goes to (issue 22.2).
      { path: '/library-apps/:level/:folderId', element: lazyPage(LibraryRoute) },
      { path: '/apps/:level/:folderId/templates/new', element: lazyPage(TemplateEditorRoute) },
      { path: '/apps/:level/:folderId/templates/:templateId/edit', element: lazyPage(TemplateEditorRoute) },
    ],
  },
  ...legacyRedirects,
  { path: '*', element: <Navigate to="/404" replace /> },
];

/** The app's routes, for the declarative router of main.tsx (lib/navigation.tsx: AppRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
