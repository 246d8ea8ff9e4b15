import { createTheme, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { onDemand } from '../components/ui/on-demand.tsx';
import { signOut } from '../lib/auth.ts';
import { trackDialogOpeners } from '../lib/focus-opener.ts';
import { HttpError } from '../lib/http.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { newVersionStore } from '../lib/new-version.ts';
import { showToast } from '../lib/toast.tsx';
import { i18n as appTexts, useTranslation } from '../lib/translate.tsx';
import { handleApiError } from './api-errors.ts';
import { firewallStore, openFirewallModal } from './firewall-store.ts';

/**
 * The app's theme. Defaults that every dialog and menu needs live here, once: a modal's close
 * button is named (a translation key), focus goes back where it came from, and a menu whose item
 * opens a dialog is gone at once instead of fading out over the dialog.
 */
export function createAppTheme(t: (key: string) => string) {
  return createTheme({
    primaryColor: 'blue',
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    // Filled controls in a light colour (a yellow photo tag) get dark text (issue 27).
    autoContrast: true,
    // Dialogs, menus and drawers do not slide or fade for people who asked for less motion.
    respectReducedMotion: true,
    components: {
      // Plain objects, not Modal.extend(): that would put the Modal's code on the first screen.
      Modal: { defaultProps: { returnFocus: true, closeButtonProps: { 'aria-label': t('common.close') } } },
      // A toast's close button is named too (axe button-name, issue 27).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Menu: { defaultProps: { transitionProps: { duration: 150, exitDuration: 0 } } },
      // Checkboxes 24 px, the least target size of WCAG 2.2 (2.5.8).
      Checkbox: { defaultProps: { size: 'md' } },
    },
  });
}

const reportError = (error: unknown, meta: Record<string, unknown> | undefined) => {
  if (meta?.handlesErrors) return;
  void handleApiError(error, { t: appTexts.t, toast: showToast, signOut: () => void signOut(), openFirewallModal });
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

// The firewall and new-version dialogs load when they first open (issue 15.4).
const FirewallModal = onDemand(() => import('./firewall-modal.tsx').then((module) => module.FirewallModal), {
  keepMounted: true,
});
const NewVersionPrompt = onDemand(() => import('./new-version-prompt.tsx').then((module) => module.NewVersionPrompt), {
  keepMounted: true,
});

const NotificationsHost = lazyWithReload(() => import('./notifications-host.tsx'));

/**
 * Toasts wait in Mantine's store until their host has loaded: the host (and its transitions and
 * styles) loads with the first toast instead of with the first screen (issue 15.4).
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length > 0 || queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language.
  const theme = useMemo(() => createAppTheme(t), [t, i18n.language]);
  useEffect(() => trackDialogOpeners(), []);
  const firewallOpened = useSyncExternalStore(firewallStore.subscribe, firewallStore.opened);
  const newVersion = useSyncExternalStore(newVersionStore.subscribe, newVersionStore.available);
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        {children}
        <FirewallModal when={firewallOpened} />
        <NewVersionPrompt when={newVersion} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
