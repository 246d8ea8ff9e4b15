import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { LoginRoute } from '../features/auth/routes/login-route.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { OAuthRedirectRoute } from './routes/oauth-redirect-route.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

/** The route table (spec 2.1). Unknown paths go to the 404 page. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/oauth-redirect', element: <OAuthRedirectRoute /> },
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  {
    element: (
      <RequireAuth>
        <ShellLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: '/home', element: <HomeRoute /> },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
