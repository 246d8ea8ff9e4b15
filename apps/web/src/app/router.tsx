import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from './routes/error-page.tsx';

/** The route table (spec 2.1). Unknown paths go to the 404 page. */
export const routes: RouteObject[] = [
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
