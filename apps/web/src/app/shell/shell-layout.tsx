import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router';
import { onDemand } from '../../components/ui/on-demand.tsx';
import { OnDemandModal } from '../../components/ui/on-demand-modal.tsx';
import { UnsavedChangesProvider } from '../../components/ui/unsaved-changes.tsx';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import {
  checkoutSuccessView,
  forcedSubscriptionModal,
  showsGettingStarted,
} from '../../features/billing/subscription.ts';
import { FolderNav } from '../../features/folders/components/folder-nav.tsx';
import { useFolderTimeZone } from '../../features/settings/api/folder-time-zone.ts';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { WorkspaceHeader } from '../../features/workspaces/components/workspace-header.tsx';
import { rememberWorkspace, useStoredWorkspaceId } from '../../features/workspaces/hooks/current-workspace.ts';
import { signOut } from '../../lib/auth.ts';
import { WorkspaceTimeZone } from '../../lib/date-text.tsx';
import { applyLocale } from '../../lib/i18n.ts';
import { externalLinks } from '../../lib/links.ts';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { isInternetExplorer } from '../ie-banner-check.ts';

// The switcher's code (its search field, list and form) loads when it first opens (issue 15.4).
const WorkspaceSwitcher = onDemand(
  () =>
    import('../../features/workspaces/components/workspace-switcher.tsx').then((module) => module.WorkspaceSwitcher),
  { keepMounted: true },
);

// Parts of the shell that show only sometimes load when they first show (issue 15.4).
const IeBanner = onDemand(() => import('../ie-banner.tsx').then((module) => module.IeBanner));
const SubscriptionModal = onDemand(
  () => import('../../features/billing/components/subscription-modal.tsx').then((module) => module.SubscriptionModal),
  { keepMounted: true },
);
const CheckoutSuccessModal = onDemand(
  () =>
    import('../../features/billing/components/checkout-success-modal.tsx').then(
      (module) => module.CheckoutSuccessModal,
    ),
  { keepMounted: true },
);
const GettingStartedGuide = onDemand(() =>
  import('./getting-started-guide.tsx').then((module) => module.GettingStartedGuide),
);

import { ActionFromQuery } from './action-from-query.tsx';
import { type LocationResult, landingPath, useFolderLocation } from './folder-location.ts';
import { ShellFrame } from './shell-frame.tsx';
import { SectionLinks, TopBar, topBarHeight } from './top-bar.tsx';

export { topBarHeight };

/** Spec 2.4: the navigation panel's width on a desktop screen. */
export const navWidth = 300;
const visitorTrialLink = 'https://help.formwork.app/articles/visitor-trial';

export type ShellContext = { result: LocationResult; companyId: string | null };

export function useShellContext() {
  return useOutletContext<ShellContext>();
}

/**
 * The secure shell: top bar, left folder navigation (a drawer on a phone), the workspace
 * switcher, and the section being shown. It resolves the navigated folder from the route and
 * redirects a missing or forbidden folder to the first possible one (spec 8.2 folderNotFound).
 */
export function ShellLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [navOpened, nav] = useDisclosure(false);
  const [navCollapsed, setNavCollapsed] = useState(false);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const me = useCurrentUser();
  const accessible = useAccessibleWorkspaces();
  const stored = useStoredWorkspaceId();
  const result = useFolderLocation(params.level, params.folderId);

  const workspaces = accessible.data ?? [];
  const storedUsable = stored && (me.data?.isAdmin || workspaces.some((w) => w.workspaceId === stored));
  const companyId =
    result.status === 'found'
      ? result.location.companyId
      : result.status === 'missing' && result.companyId
        ? result.companyId
        : storedUsable
          ? stored
          : (workspaces.find((w) => !w.archived)?.workspaceId ?? workspaces[0]?.workspaceId ?? null);
  const workspace = workspaces.find((w) => w.workspaceId === companyId);
  const otherUsable = workspaces.some((w) => !w.archived && w.workspaceId !== companyId);
  // Spec 4.4: an archived current workspace reopens the switcher until another is chosen.
  const forcedSwitch = Boolean(workspace?.archived) && (otherUsable || Boolean(me.data?.isAdmin));
  const noWorkspace =
    accessible.isSuccess && !me.data?.isAdmin && (workspaces.length === 0 || (workspace?.archived && !otherUsable));
  const switcherOpened = switcherOpen || (forcedSwitch && !noWorkspace);
  // Spec 4.4, 8.2: a lapsed subscription forces its modal on non-admins (the state itself changes
  // in a server job; a trial whose date just passed counts as ended before the job has run).
  const now = new Date();
  const subscriptionModal =
    me.data && !workspace?.archived ? forcedSubscriptionModal(workspace?.account, me.data.isAdmin, now) : null;

  useEffect(() => {
    if (result.status === 'found') rememberWorkspace(result.location.companyId);
  }, [result]);

  // Spec 1, issue 26: the locale the person chose in Edit Profile follows them to every browser;
  // someone who has not chosen gets their workspace's default.
  const locale = me.data ? (me.data.locale ?? workspace?.locale) : undefined;
  useEffect(() => {
    if (locale && locale !== i18n.language) void applyLocale(locale);
  }, [locale, i18n]);

  // Spec 8.2: a missing or forbidden folder goes to the first possible folder, with a toast.
  const redirected = useRef<string | null>(null);
  useEffect(() => {
    if (result.status !== 'missing' || !params.folderId || redirected.current === params.folderId) return;
    redirected.current = params.folderId;
    showToast('error', t('folderNotFound'));
    void landingPath(queryClient, result.companyId ?? undefined, params.folderId)
      .then((landing) => navigate('path' in landing ? landing.path : '/home', { replace: true }))
      .catch(() => navigate('/home', { replace: true }));
  }, [result, params.folderId, navigate, queryClient, t]);

  // Shell query parameters (spec 2.1): view=switchWorkspace opens the switcher;
  // view=checkoutSuccess is the checkout success modal's (CheckoutSuccessModal).
  const view = searchParams.get('view');
  useEffect(() => {
    if (view === 'switchWorkspace') setSwitcherOpen(true);
  }, [view]);

  const closeSwitcher = () => {
    setSwitcherOpen(false);
    if (searchParams.get('view') === 'switchWorkspace') {
      setSearchParams(
        (current) => {
          current.delete('view');
          return current;
        },
        { replace: true },
      );
    }
  };

  const chooseWorkspace = async (workspaceId: string) => {
    rememberWorkspace(workspaceId);
    setBusy(true);
    nav.close();
    try {
      const landing = await landingPath(queryClient, workspaceId);
      navigate('path' in landing ? landing.path : '/home');
    } finally {
      setBusy(false);
    }
  };

  const navigated =
    result.status === 'found'
      ? { kind: result.location.kind, folderId: result.location.folderId, state: result.location.state }
      : null;

  // A project's or team's own zone (issue 23.1), else the workspace's.
  const folderZone = useFolderTimeZone(navigated);

  // One guard for every editor in the shell (forms, templates, actions, profile): leaving unsaved
  // edits asks first.
  return (
    <UnsavedChangesProvider>
      <WorkspaceTimeZone timeZone={folderZone ?? workspace?.timeZone}>
        <ShellFrame
          headerHeight={topBarHeight}
          navbarWidth={navWidth}
          collapsed={{ mobile: !navOpened, desktop: navCollapsed }}
          header={
            <TopBar
              result={result}
              busy={busy}
              account={workspace?.account ?? null}
              navOpened={navOpened}
              onToggleNav={nav.toggle}
              navCollapsed={navCollapsed}
              onExpandNav={() => setNavCollapsed(false)}
            />
          }
          navbar={
            companyId ? (
              <FolderNav
                key={companyId}
                companyId={companyId}
                navigated={navigated}
                header={
                  <>
                    <WorkspaceHeader
                      name={workspace?.name ?? (result.status === 'found' ? result.location.companyName : undefined)}
                      logoUrl={workspace?.logoUrl}
                      loading={accessible.isPending}
                      onSwitch={() => setSwitcherOpen(true)}
                    />
                    <SectionLinks result={result} onNavigate={nav.close} />
                  </>
                }
                onCollapse={() => setNavCollapsed(true)}
                onNavigate={nav.close}
                onCreateWorkspace={() => setSwitcherOpen(true)}
                visitorTrialLink={visitorTrialLink}
              />
            ) : null
          }
        >
          <IeBanner when={isInternetExplorer()} />
          <Outlet context={{ result, companyId } satisfies ShellContext} />
        </ShellFrame>
        {/* The action of ?actionId is looked up once the shell's workspace is settled. */}
        <ActionFromQuery workspaceId={result.status === 'found' || result.status === 'none' ? companyId : null} />
        <WorkspaceSwitcher
          when={switcherOpened}
          opened={switcherOpened}
          onClose={forcedSwitch ? undefined : closeSwitcher}
          currentWorkspaceId={companyId}
          isAdmin={me.data?.isAdmin ?? false}
          isVisitorOnly={me.data?.isVisitorOnly ?? false}
          onChoose={(w) => {
            closeSwitcher();
            void chooseWorkspace(w.workspaceId);
          }}
        />
        <SubscriptionModal
          when={!switcherOpen && subscriptionModal !== null}
          kind={switcherOpen ? null : subscriptionModal}
          workspaceName={workspace?.name}
          chatHref={externalLinks.chatWithUs}
          onSwitch={otherUsable ? () => setSwitcherOpen(true) : null}
          onLogout={() => void signOut()}
        />
        {companyId && (
          <CheckoutSuccessModal
            when={view === checkoutSuccessView}
            workspaceId={companyId}
            workspaceName={workspace?.name}
          />
        )}
        {companyId && (
          <GettingStartedGuide
            key={companyId}
            when={!subscriptionModal && showsGettingStarted(workspace?.account, now)}
            workspaceId={companyId}
          />
        )}
        <OnDemandModal
          opened={Boolean(noWorkspace) && !switcherOpen}
          onClose={() => {}}
          withCloseButton={false}
          centered
          title={t('auth.noWorkspaceTitle')}
        >
          <Text size="sm">{t('auth.noWorkspaceBody')}</Text>
          <Group justify="flex-end" mt="md">
            {me.data?.isVisitorOnly && (
              <Button variant="light" onClick={() => setSwitcherOpen(true)}>
                {t('workspaces.createOwn')}
              </Button>
            )}
            <Button onClick={() => void signOut()}>{t('auth.logout')}</Button>
          </Group>
        </OnDemandModal>
      </WorkspaceTimeZone>
    </UnsavedChangesProvider>
  );
}
