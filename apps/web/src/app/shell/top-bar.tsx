import { can, type FolderKind } from '@formwork/shared/permissions';
import type { AccountSummary } from '@formwork/shared/schemas/accounts';
import { ActionIcon, Anchor, Box, Breadcrumbs, Burger, Button, Group, Loader, Text } from '@mantine/core';
import {
  IconActivity,
  IconBuildingSkyscraper,
  IconChartBar,
  IconForms,
  IconLayoutSidebarLeftExpand,
  IconList,
  IconMessageCircle,
  IconPhoto,
  IconSettings,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Tooltip } from '../../components/ui/on-demand-floating.tsx';
import { MyActionsButton } from '../../features/actions/components/my-actions-button.tsx';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { TrialWidget } from '../../features/billing/components/trial-widget.tsx';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { externalLinks } from '../../lib/links.ts';
import { useTranslation } from '../../lib/translate.tsx';
import type { LocationResult } from './folder-location.ts';
import { HelpMenu } from './help-menu.tsx';
import {
  billingOffered,
  billingPath,
  folderSections,
  isSectionActive,
  type SectionId,
  type ShellSection,
} from './sections.ts';

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

const sectionIcons: Record<SectionId, ReactNode> = {
  activity: <IconActivity size={16} />,
  forms: <IconForms size={16} />,
  templates: <IconTemplate size={16} />,
  users: <IconUsers size={16} />,
  lists: <IconList size={16} />,
  photos: <IconPhoto size={16} />,
  analytics: <IconChartBar size={16} />,
  settings: <IconSettings size={16} />,
};

/**
 * One section of the folder. A section that is not built yet still links to its address, which
 * shows the shell with a "not available yet" page; the tooltip says so before the click. In the
 * top bar (`compact`) those sections show their icon only below extra-large screens, so the
 * breadcrumb keeps its room at 1280 px.
 */
function SectionLink({
  section,
  active,
  compact = false,
  onClick,
}: {
  section: ShellSection;
  active: boolean;
  compact?: boolean;
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  const label = t(section.labelKey);
  const iconOnly = compact && !section.built;
  const button = (
    <Button
      component={Link}
      to={section.path}
      onClick={onClick}
      variant={active ? 'light' : 'subtle'}
      color={active ? 'blue' : 'gray'}
      size="compact-sm"
      leftSection={sectionIcons[section.id]}
      aria-current={active ? 'page' : undefined}
      aria-label={iconOnly ? label : undefined}
      c={section.built || active ? undefined : 'dimmed'}
      styles={iconOnly ? { section: { marginInlineEnd: 0 } } : undefined}
    >
      {iconOnly ? (
        <Box component="span" visibleFrom="xl" ml={6}>
          {label}
        </Box>
      ) : (
        label
      )}
    </Button>
  );
  return section.built ? (
    button
  ) : (
    <Tooltip label={t('shell.notAvailable.tooltip', { section: label })}>{button}</Tooltip>
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

  const sections = location ? folderSections(location) : [];

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
      {location && (
        <Group gap={4} wrap="nowrap" visibleFrom="md">
          {sections.map((section) => (
            <SectionLink
              key={section.id}
              section={section}
              active={isSectionActive(section, here.pathname, location)}
              compact
            />
          ))}
        </Group>
      )}
      <Group gap={4} wrap="nowrap">
        <TrialWidget
          account={account}
          billingPath={location && billingOffered(location) ? billingPath(location.companyId) : null}
        />
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
  const here = useLocation();
  const location = result.status === 'found' ? result.location : null;
  if (!location) return null;
  return (
    <Group gap={4} px="sm" pb="xs" hiddenFrom="md">
      {folderSections(location).map((section) => (
        <SectionLink
          key={section.id}
          section={section}
          active={isSectionActive(section, here.pathname, location)}
          onClick={onNavigate}
        />
      ))}
    </Group>
  );
}
