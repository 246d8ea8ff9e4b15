import { can, type FolderKind, folderLevelWord } from '@formwork/shared/permissions';
import type { AccountSummary } from '@formwork/shared/schemas/accounts';
import { ActionIcon, Anchor, Box, Breadcrumbs, Burger, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import {
  IconActivity,
  IconBuildingSkyscraper,
  IconForms,
  IconLayoutSidebarLeftExpand,
  IconMessageCircle,
  IconSettings,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MyActionsButton } from '../../features/actions/components/my-actions-button.tsx';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { templatesPath } from '../../features/templates/template-paths.ts';
import { teamFormsPath } from '../../lib/form-paths.ts';
import { externalLinks } from '../../lib/links.ts';
import type { LocationResult } from './folder-location.ts';
import { HelpMenu } from './help-menu.tsx';

/** Spec 2.3: the top bar is 54 px high. */
export const topBarHeight = 54;

type Props = {
  result: LocationResult;
  busy: boolean;
  /** The current workspace's account (its plan decides the help menu); unknown while loading. */
  account: AccountSummary | null;
  navOpened: boolean;
  onToggleNav: () => void;
  navCollapsed: boolean;
  onExpandNav: () => void;
};

/** A section link that is not built yet: shown, but disabled with an honest tooltip. */
function NotYet({ label, icon }: { label: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('shell.notAvailableYet')}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={icon}
        data-disabled
        aria-disabled
        onClick={(e) => e.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** The top bar of spec 2.3: breadcrumb, the navigated folder's links, help and user menus. */
export function TopBar({ result, busy, account, navOpened, onToggleNav, navCollapsed, onExpandNav }: Props) {
  const { t } = useTranslation();
  const here = useLocation();
  const [, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const location = result.status === 'found' ? result.location : null;

  const crumbs: { kind: FolderKind; id: string; name: string }[] = [];
  if (location) {
    const [companyId, projectId, teamId] = location.path;
    crumbs.push({ kind: 'company', id: companyId as string, name: location.companyName });
    if (projectId && location.projectName) crumbs.push({ kind: 'project', id: projectId, name: location.projectName });
    if (teamId && location.teamName) crumbs.push({ kind: 'team', id: teamId, name: location.teamName });
  }

  const crumb = (c: (typeof crumbs)[number], last: boolean) => {
    const path = location?.path.slice(0, c.kind === 'company' ? 1 : c.kind === 'project' ? 2 : 3) ?? [];
    const viewable = location ? can(location.viewer, 'folder.view', { kind: c.kind, path }) : false;
    const content =
      c.kind === 'company' ? (
        <Group gap={4} wrap="nowrap" component="span">
          <IconBuildingSkyscraper size={16} aria-hidden />
          <Box component="span" visibleFrom="sm">
            {t('shell.homeFolder')}
          </Box>
        </Group>
      ) : (
        c.name
      );
    const title = c.kind === 'company' ? `${t('shell.homeFolder')}: ${c.name}` : c.name;
    if (last || !viewable) {
      return (
        <Text
          key={c.id}
          size="sm"
          fw={last ? 600 : 400}
          c={last ? undefined : 'dimmed'}
          truncate="end"
          maw={220}
          title={title}
        >
          {content}
        </Text>
      );
    }
    return (
      <Anchor
        key={c.id}
        component={Link}
        to={activityPath(c.kind, c.id)}
        size="sm"
        c="dimmed"
        truncate="end"
        maw={220}
        title={title}
        aria-label={title}
      >
        {content}
      </Anchor>
    );
  };

  const level = location ? folderLevelWord(location.kind) : null;
  const activityHref = location ? activityPath(location.kind, location.folderId) : '';
  const onActivity = here.pathname === activityHref;
  const formsHref = location?.kind === 'team' ? teamFormsPath(location.folderId) : null;
  // Forms, registers and boards of the team (the rest of /apps/teams/{id} is Templates).
  const onForms = formsHref !== null && /^\/apps\/teams\/[^/]+\/(forms|register|grid)(\/|$)/.test(here.pathname);
  // Spec 2.2: Template Library at company level, Templates at team level.
  const templatesKind = location?.kind === 'company' || location?.kind === 'team' ? location.kind : null;
  const templatesHref = location && templatesKind ? templatesPath(templatesKind, location.folderId) : '';
  const onTemplates =
    Boolean(templatesHref) && here.pathname.startsWith(`/apps/${level}/${location?.folderId}`) && !onForms;
  const canSettings = location
    ? can(location.viewer, 'settings.view', { kind: location.kind, path: location.path })
    : false;

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleNav')} />
        {navCollapsed && (
          <Tooltip label={t('shell.expandNav')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onExpandNav}
              aria-label={t('shell.expandNav')}
              visibleFrom="sm"
            >
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {busy || result.status === 'loading' ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : location ? (
          <nav aria-label={t('shell.breadcrumb')} style={{ minWidth: 0 }}>
            <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'nowrap' }}>
              {crumbs.map((c, index) => crumb(c, index === crumbs.length - 1))}
            </Breadcrumbs>
          </nav>
        ) : (
          <Text size="sm" c="dimmed" truncate="end">
            {t('shell.selectTeam')}
          </Text>
        )}
      </Group>
      {location && level && (
        <Group gap={4} wrap="nowrap" visibleFrom="md">
          <Button
            component={Link}
            to={activityHref}
            variant={onActivity ? 'light' : 'subtle'}
            color={onActivity ? 'blue' : 'gray'}
            size="compact-sm"
            leftSection={<IconActivity size={16} />}
          >
            {t('shell.activity')}
          </Button>
          {formsHref && (
            <Button
              component={Link}
              to={formsHref}
              variant={onForms ? 'light' : 'subtle'}
              color={onForms ? 'blue' : 'gray'}
              size="compact-sm"
              leftSection={<IconForms size={16} />}
            >
              {t('shell.forms')}
            </Button>
          )}
          {templatesKind && (
            <Button
              component={Link}
              to={templatesHref}
              variant={onTemplates ? 'light' : 'subtle'}
              color={onTemplates ? 'blue' : 'gray'}
              size="compact-sm"
              leftSection={<IconTemplate size={16} />}
            >
              {templatesKind === 'company' ? t('shell.templateLibrary') : t('shell.templates')}
            </Button>
          )}
          <NotYet label={t('shell.users')} icon={<IconUsers size={16} />} />
          {canSettings && <NotYet label={t('shell.settings')} icon={<IconSettings size={16} />} />}
        </Group>
      )}
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('shell.chat')}>
          <ActionIcon
            component="a"
            href={externalLinks.chatWithUs}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('shell.chat')}
          >
            <IconMessageCircle size={20} />
          </ActionIcon>
        </Tooltip>
        <MyActionsButton
          onOpen={(action) => {
            const workspaceId = action.path.workspace.id;
            if (location?.companyId === workspaceId) {
              setSearch((current) => {
                current.set('actionId', action.actionId);
                return current;
              });
            } else {
              // An action of another workspace opens there, the way its e-mail link does.
              navigate(`/launch?${new URLSearchParams({ actionId: action.actionId, workspaceId })}`);
            }
          }}
        />
        <HelpMenu account={account} />
        <UserMenu />
      </Group>
    </Group>
  );
}

/** On a phone the top bar has no room for the section links: they sit in the drawer instead. */
export function SectionLinks({ result, onNavigate }: { result: LocationResult; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = result.status === 'found' ? result.location : null;
  if (!location) return null;
  const kind = location.kind === 'company' || location.kind === 'team' ? location.kind : null;
  return (
    <Group gap={4} px="sm" pb="xs" hiddenFrom="md">
      <Button
        component={Link}
        to={activityPath(location.kind, location.folderId)}
        onClick={onNavigate}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconActivity size={16} />}
      >
        {t('shell.activity')}
      </Button>
      {kind && (
        <Button
          component={Link}
          to={templatesPath(kind, location.folderId)}
          onClick={onNavigate}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconTemplate size={16} />}
        >
          {kind === 'company' ? t('shell.templateLibrary') : t('shell.templates')}
        </Button>
      )}
    </Group>
  );
}
