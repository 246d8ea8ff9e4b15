import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { signOut } from '../lib/auth.ts';
import { HttpError } from '../lib/http.ts';
import { showToast, toastDurationMs } from '../lib/toast.tsx';
import { handleApiError } from './api-errors.ts';
import { FirewallModal, openFirewallModal } from './firewall-modal.tsx';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

const reportError = (error: unknown, meta: Record<string, unknown> | undefined) => {
  if (meta?.handlesErrors) return;
  void handleApiError(error, { t: i18next.t, toast: showToast, signOut: () => void signOut(), openFirewallModal });
};

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" autoClose={toastDurationMs} limit={5} />
      <QueryClientProvider client={queryClient}>
        {children}
        <FirewallModal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
