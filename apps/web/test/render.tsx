import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type RouteObject, UNSAFE_createMemoryHistory, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../src/app/providers.tsx';
import { initI18n } from '../src/lib/i18n.ts';
import { AppRouter, createBlockingHistory } from '../src/lib/navigation.tsx';

/** Renders inside the app's real providers, with en-US texts unless another locale is given. */
export async function renderWithProviders(ui: ReactElement, { locale = 'en-US' }: { locale?: string } = {}) {
  await initI18n(locale);
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders `routes` under the app's router (AppRouter: the declarative router whose history runs
 * the unsaved-changes blocker) at `initialEntries`; returns the history (its location, push, go).
 */
export async function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'], initialIndex }: { initialEntries?: string[]; initialIndex?: number } = {},
) {
  const history = createBlockingHistory(UNSAFE_createMemoryHistory({ initialEntries, initialIndex, v5Compat: true }));
  await renderWithProviders(
    <AppRouter history={history}>
      <Routes routes={routes} />
    </AppRouter>,
  );
  return history;
}
