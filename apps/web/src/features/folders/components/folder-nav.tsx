import { searchFolderTree } from '@formwork/shared/folder-search';
import { can, type FolderKind, type FolderRef, type Membership } from '@formwork/shared/permissions';
import type { FolderState, TreeState } from '@formwork/shared/schemas/folders';
import { ActionIcon, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChecklist,
  IconChevronDown,
  IconDots,
  IconLayoutSidebarLeftCollapse,
  IconListDetails,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onDemand } from '../../../components/ui/on-demand.tsx';
import { Menu, Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { PlainCloseButton, PlainSegmentedControl, PlainTextInput } from '../../../components/ui/plain-controls.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useFolderTree } from '../api/folder-tree.ts';
import { type NavEditing, type NavRow, navRows, rowHeight } from '../folder-nav-rows.ts';
import { activityPath } from '../folder-paths.ts';
import { useExpandState } from '../hooks/expand-state.ts';
import { allSelected, type IsSelectable, selectAll, toggleProject, toggleTeam } from '../hooks/selection.ts';
import { type TreeFolder, useFolderChanges } from '../hooks/use-folder-changes.ts';
import { useRowMenu } from '../hooks/use-row-menu.tsx';
import { useRowWindow } from '../hooks/use-row-window.ts';
import { FolderRow } from './folder-row.tsx';
import { FolderTip } from './folder-tip.tsx';
import { HomeFolderButton } from './home-folder-button.tsx';

// The name field, the select mode's bar and the archive/delete dialog load when first used
// (issue 15.4): the first screen shows none of them.
const InlineNameInput = onDemand(() => import('./inline-name-input.tsx').then((module) => module.InlineNameInput));
const FolderSelectionBar = onDemand(() =>
  import('./folder-selection-bar.tsx').then((module) => module.FolderSelectionBar),
);
const VisitorBanner = onDemand(() => import('./visitor-banner.tsx').then((module) => module.VisitorBanner));
const ConfirmStateChange = onDemand(
  () => import('./confirm-state-change.tsx').then((module) => module.ConfirmStateChange),
  { keepMounted: true },
);

/** Spec 9: 20 projects first, 10 more per scroll, 500 ms delay on load more, half a screen away. */
export const initialProjectCount = 20;
export const projectsPerLoad = 10;
export const loadMoreDelayMs = 500;
export const infiniteScrollDistance = 0.5;
/** Spec 9: folder search debounce. */
export const folderSearchDebounceMs = 250;

export type NavigatedFolder = { kind: FolderKind; folderId: string; state: FolderState };

type Props = {
  companyId: string;
  /** The folder on screen, if any; its state selects the Active/Archived toggle (spec 4.2). */
  navigated: NavigatedFolder | null;
  /** The workspace header (logo and switcher), composed by the shell. */
  header: ReactNode;
  onCollapse?: () => void;
  /** Called after a click that navigates (the phone drawer closes). */
  onNavigate?: () => void;
  /** Visitor-only banner: create a workspace for their company. */
  onCreateWorkspace?: () => void;
  visitorTrialLink?: string;
};

/** The left folder navigation of spec 2.4, with the rules of 4.2, 5.4 and 9. */
export function FolderNav({
  companyId,
  navigated,
  header,
  onCollapse,
  onNavigate,
  onCreateWorkspace,
  visitorTrialLink,
}: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<TreeState>(navigated?.state === 'archived' ? 'archived' : 'active');
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query, folderSearchDebounceMs);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<NavEditing>(null);
  const [visibleCount, setVisibleCount] = useState(initialProjectCount);
  const [loadingMore, setLoadingMore] = useState(false);
  const expand = useExpandState(companyId);
  const tree = useFolderTree(companyId, view);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Spec 4.2: the active folder's state selects the toggle, when the user navigates to a folder
  // and when the folder on screen is archived or restored (the toggle follows it).
  const navigatedKey = navigated ? `${navigated.folderId}:${navigated.state}` : null;
  const [syncedKey, setSyncedKey] = useState(navigatedKey);
  if (navigated && navigatedKey !== syncedKey) {
    setSyncedKey(navigatedKey);
    setView(navigated.state === 'archived' ? 'archived' : 'active');
  }

  const viewer: Membership | undefined = tree.data?.viewer;
  const companyRef: FolderRef = { kind: 'company', path: [companyId] };
  const projectRef = (projectId: string): FolderRef => ({ kind: 'project', path: [companyId, projectId] });
  const teamRef = (projectId: string, teamId: string): FolderRef => ({
    kind: 'team',
    path: [companyId, projectId, teamId],
  });
  const allowed = (verb: Parameters<typeof can>[1], ref: FolderRef) => (viewer ? can(viewer, verb, ref) : false);

  const projects = useMemo(() => searchFolderTree(tree.data?.projects ?? [], search), [tree.data, search]);
  const searching = search.trim() !== '';
  const byId = useMemo(() => {
    const map = new Map<string, TreeFolder>();
    for (const p of tree.data?.projects ?? []) {
      map.set(p.folderId, { kind: 'project', name: p.name, state: p.state, projectId: p.folderId });
      for (const team of p.teams)
        map.set(team.folderId, { kind: 'team', name: team.name, state: team.state, projectId: p.folderId });
    }
    return map;
  }, [tree.data]);

  const isSelectable: IsSelectable = useCallback(
    (folderId, projectId) => {
      if (!viewer) return false;
      const folder = byId.get(folderId);
      if (!folder) return false;
      if (view === 'archived' && folder.state !== 'archived') return false;
      const ref: FolderRef = projectId
        ? { kind: 'team', path: [companyId, projectId, folderId] }
        : { kind: 'project', path: [companyId, folderId] };
      return can(viewer, 'folder.delete', ref) || can(viewer, 'folder.archive', ref);
    },
    [viewer, byId, view, companyId],
  );
  const canSelectAny = useMemo(() => selectAll(projects, isSelectable).size > 0, [projects, isSelectable]);
  const canAddProject = view === 'active' && allowed('folder.addProject', companyRef);

  // Search or view changes start again from the first 20 projects.
  const listKey = `${companyId}|${view}|${search}`;
  const [shownKey, setShownKey] = useState(listKey);
  if (shownKey !== listKey) {
    setShownKey(listKey);
    setVisibleCount(initialProjectCount);
    setSelected(new Set());
  }

  // The navigated project is always among the rows shown.
  const navigatedProjectIndex = navigated
    ? projects.findIndex(
        (p) =>
          p.folderId === navigated.folderId ||
          (navigated.kind === 'team' && p.teams.some((team) => team.folderId === navigated.folderId)),
      )
    : -1;
  const shownCount = Math.max(visibleCount, navigatedProjectIndex + 1);

  const rows = useMemo(
    () => navRows(projects.slice(0, shownCount), { editing, searching, isExpanded: expand.isExpanded }),
    [projects, shownCount, editing, searching, expand],
  );

  const sizes = useMemo(() => rows.map((row) => rowHeight(row)), [rows]);
  const rowWindow = useRowWindow(scrollRef, sizes, 12);

  const maybeLoadMore = useCallback(() => {
    const el = scrollRef.current;
    if (!el || loadingMore || shownCount >= projects.length) return;
    const remaining = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (remaining > el.clientHeight * infiniteScrollDistance) return;
    setLoadingMore(true);
    setTimeout(() => {
      setVisibleCount((count) => count + projectsPerLoad);
      setLoadingMore(false);
    }, loadMoreDelayMs);
  }, [loadingMore, shownCount, projects.length]);

  // A short list that does not fill the panel cannot be scrolled: load more straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the rows change.
  useEffect(() => {
    maybeLoadMore();
  }, [rows.length, maybeLoadMore]);

  // Escape leaves bulk selection.
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !changes.confirm) stopSelecting();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const changes = useFolderChanges({
    companyId,
    viewer,
    byId,
    onAdded: (kind, parentId) => {
      setEditing(null);
      if (kind === 'team') expand.expand(parentId);
    },
    onRenamed: () => {
      setEditing(null);
      stopSelecting();
    },
    onChanged: stopSelecting,
    onNavigate,
  });
  const requestChange = changes.request;

  const rowMenu = useRowMenu({
    companyId,
    viewer,
    view,
    isSelectable,
    onAddTeam: (projectId) => {
      expand.expand(projectId);
      setEditing({ type: 'new-team', projectId });
    },
    onRename: (kind, folderId, name) => setEditing({ type: 'rename', kind, folderId, name }),
    onSelect: (ids) => {
      setSelecting(true);
      setSelected(ids);
    },
    onChange: requestChange,
  });

  const selectedIds = [...selected];
  const singleSelected = selectedIds.length === 1 ? byId.get(selectedIds[0] as string) : undefined;
  const bulkAll = allSelected(selected, projects, isSelectable);
  const namesOf = (ids: string[]) => ids.map((id) => byId.get(id)?.name ?? id);

  const renderRow = (row: NavRow) => {
    switch (row.type) {
      case 'new-project':
        return (
          <Box px={6} py={4}>
            <InlineNameInput
              when
              label={t('folders.newProjectName')}
              placeholder={t('folders.newProjectPlaceholder')}
              loading={changes.adding}
              onSubmit={(name) => changes.add('project', companyId, name)}
              onCancel={() => setEditing(null)}
            />
          </Box>
        );
      case 'new-team':
        return (
          <Box pl={34} pr={6} py={4}>
            <InlineNameInput
              when
              label={t('folders.newTeamName')}
              placeholder={t('folders.newTeamPlaceholder')}
              loading={changes.adding}
              onSubmit={(name) => changes.add('team', row.project.folderId, name)}
              onCancel={() => setEditing(null)}
            />
          </Box>
        );
      case 'project':
      case 'team': {
        const { project } = row;
        const team = row.type === 'team' ? row.team : undefined;
        const kind = team ? 'team' : 'project';
        const folderId = team?.folderId ?? project.folderId;
        const ref = team ? teamRef(project.folderId, team.folderId) : projectRef(project.folderId);
        const renaming = editing?.type === 'rename' && editing.folderId === folderId ? editing : null;
        const selectable = isSelectable(folderId, team ? project.folderId : null);
        return (
          <FolderRow
            kind={kind}
            name={team?.name ?? project.name}
            projectName={team ? project.name : undefined}
            href={allowed('folder.view', ref) ? activityPath(kind, folderId) : null}
            active={navigated?.folderId === folderId}
            archived={(team?.state ?? project.state) === 'archived'}
            expanded={team ? undefined : searching || expand.isExpanded(project.folderId)}
            onToggleExpand={team ? undefined : () => expand.toggle(project.folderId)}
            selecting={selecting}
            selectable={selectable}
            checked={selected.has(folderId)}
            onToggleSelect={() =>
              setSelected((current) =>
                team
                  ? toggleTeam(current, project, team.folderId, isSelectable)
                  : toggleProject(current, project, isSelectable),
              )
            }
            editor={
              renaming ? (
                <InlineNameInput
                  when
                  label={t('folders.renameLabel', { name: renaming.name })}
                  initialValue={renaming.name}
                  loading={changes.renaming}
                  onSubmit={(name) => changes.rename(kind, folderId, name)}
                  onCancel={() => setEditing(null)}
                />
              ) : undefined
            }
            menu={rowMenu(project, team)}
            onNavigate={onNavigate}
          />
        );
      }
    }
  };

  const emptyText = (() => {
    if (searching) return t('folders.noSearchResults', { query: search.trim() });
    if (view === 'archived') return t('folders.noArchived');
    return canAddProject ? t('folders.noActiveAdmin') : t('folders.noActiveMember');
  })();

  return (
    <Stack gap={0} h="100%" component="nav" aria-label={t('folders.navigation')}>
      <Stack gap="xs" p="sm" pb={6}>
        {header}
        <VisitorBanner
          when={Boolean(viewer?.isVisitorOnly)}
          onCreateWorkspace={onCreateWorkspace}
          visitorTrialLink={visitorTrialLink}
        />
        <HomeFolderButton
          companyId={companyId}
          allowed={allowed('folder.view', companyRef)}
          active={navigated?.kind === 'company'}
          onNavigate={onNavigate}
        />
        <Group gap={6} wrap="nowrap">
          <PlainTextInput
            style={{ flex: 1 }}
            aria-label={t('folders.search')}
            placeholder={t('folders.search')}
            leftSection={<IconSearch size={14} />}
            value={query}
            onChange={setQuery}
            rightSection={
              query ? <PlainCloseButton aria-label={t('folders.clearSearch')} onClick={() => setQuery('')} /> : null
            }
          />
          {onCollapse && (
            <Tooltip label={t('folders.collapseNav')}>
              <ActionIcon
                visibleFrom="sm"
                variant="subtle"
                color="gray"
                onClick={onCollapse}
                aria-label={t('folders.collapseNav')}
              >
                <IconLayoutSidebarLeftCollapse size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <PlainSegmentedControl
          value={view}
          onChange={(value) => {
            setView(value);
            stopSelecting();
            setEditing(null);
          }}
          data={[
            { value: 'active' as const, label: t('folders.active') },
            { value: 'archived' as const, label: t('folders.archived') },
          ]}
          aria-label={t('folders.stateToggle')}
        />
        <Group justify="space-between" wrap="nowrap" mt={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.5 }}>
            {t('folders.folders')}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('folders.foldersMenu')}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconChecklist size={14} />}
                  disabled={!canSelectAny}
                  onClick={() => {
                    setEditing(null);
                    setSelecting(true);
                  }}
                >
                  {t('folders.selectFolders')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconListDetails size={14} />}
                  onClick={() =>
                    expand.setAll(
                      projects.map((p) => p.folderId),
                      true,
                    )
                  }
                >
                  {t('folders.expandAll')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconChevronDown size={14} />}
                  onClick={() =>
                    expand.setAll(
                      projects.map((p) => p.folderId),
                      false,
                    )
                  }
                >
                  {t('folders.collapseAll')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {canAddProject && (
              <Tooltip label={t('folders.newProject')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('folders.newProject')}
                  onClick={() => {
                    stopSelecting();
                    setEditing({ type: 'new-project' });
                    scrollRef.current?.scrollTo({ top: 0 });
                  }}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        <FolderSelectionBar
          when={selecting}
          view={view}
          count={selected.size}
          allSelected={bulkAll}
          onToggleAll={() => setSelected(bulkAll ? new Set() : selectAll(projects, isSelectable))}
          canRename={Boolean(singleSelected)}
          onRename={() => {
            const id = selectedIds[0] as string;
            if (singleSelected)
              setEditing({ type: 'rename', kind: singleSelected.kind, folderId: id, name: singleSelected.name });
            setSelecting(false);
          }}
          onChange={(state) => requestChange(state, selectedIds)}
          onCancel={stopSelecting}
        />
        {!selecting && view === 'active' && canSelectAny && <FolderTip />}
      </Stack>
      <div
        ref={scrollRef}
        data-folder-scroll
        onScroll={maybeLoadMore}
        style={{ flex: 1, overflowY: 'auto', minHeight: 0, padding: '0 8px 8px' }}
      >
        {tree.isPending ? (
          <Center py="lg">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('folders.loading')}
              </Text>
            </Group>
          </Center>
        ) : tree.isError ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('folders.loadFailed')}
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" ta="center">
            {emptyText}
          </Text>
        ) : (
          <ul
            style={{
              height: rowWindow.totalSize,
              position: 'relative',
              listStyle: 'none',
              margin: 0,
              padding: 0,
            }}
          >
            {rowWindow.rows.map((item) => {
              const row = rows[item.index] as NavRow;
              return (
                <li
                  key={row.key}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {renderRow(row)}
                </li>
              );
            })}
          </ul>
        )}
        {loadingMore && (
          <Center py={4}>
            <Loader size="xs" />
          </Center>
        )}
      </div>
      <ConfirmStateChange
        when={changes.confirm !== null}
        state={changes.confirm?.state ?? null}
        names={namesOf(changes.confirm?.ids ?? [])}
        loading={changes.changing}
        onConfirm={changes.confirmPending}
        onCancel={changes.cancelPending}
      />
    </Stack>
  );
}
