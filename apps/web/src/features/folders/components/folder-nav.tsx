import { searchFolderTree } from '@formwork/shared/folder-search';
import {
  can,
  type FolderKind,
  type FolderRef,
  firstAccessibleFolder,
  type Membership,
  restoreProjectDenied,
} from '@formwork/shared/permissions';
import type { FolderState, TreeProject, TreeState } from '@formwork/shared/schemas/folders';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Menu,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArchive,
  IconArrowBackUp,
  IconBuildingSkyscraper,
  IconChecklist,
  IconChevronDown,
  IconDots,
  IconFolderPlus,
  IconLayoutSidebarLeftCollapse,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useAddFolder, useChangeFolderState, useFolderTree, useRenameFolder } from '../api/folder-tree.ts';
import { activityPath } from '../folder-paths.ts';
import { useExpandState } from '../hooks/expand-state.ts';
import { allSelected, type IsSelectable, selectAll, toggleProject, toggleTeam } from '../hooks/selection.ts';
import { ConfirmStateChange } from './confirm-state-change.tsx';
import { FolderRow, type RowMenuItem } from './folder-row.tsx';
import { InlineNameInput } from './inline-name-input.tsx';

/** Spec 9: 20 projects first, 10 more per scroll, 500 ms delay on load more, half a screen away. */
export const initialProjectCount = 20;
export const projectsPerLoad = 10;
export const loadMoreDelayMs = 500;
export const infiniteScrollDistance = 0.5;
/** Spec 9: folder search debounce. */
export const folderSearchDebounceMs = 250;
const tipDismissedKey = 'formwork:folder-tip-dismissed';

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

type Row =
  | { type: 'new-project'; key: string }
  | { type: 'project'; key: string; project: TreeProject }
  | { type: 'team'; key: string; project: TreeProject; team: TreeProject['teams'][number] }
  | { type: 'new-team'; key: string; project: TreeProject };

const rowHeight = (row: Row | undefined) => (row?.type === 'project' ? 36 : row?.type === 'team' ? 32 : 40);

type Editing =
  | { type: 'new-project' }
  | { type: 'new-team'; projectId: string }
  | { type: 'rename'; kind: 'project' | 'team'; folderId: string; name: string }
  | null;

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
  const navigate = useNavigate();
  const [view, setView] = useState<TreeState>(navigated?.state === 'archived' ? 'archived' : 'active');
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query, folderSearchDebounceMs);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<{ state: 'archived' | 'deleted'; ids: string[] } | null>(null);
  const [visibleCount, setVisibleCount] = useState(initialProjectCount);
  const [loadingMore, setLoadingMore] = useState(false);
  const [tipDismissed, setTipDismissed] = useState(() => localStorage.getItem(tipDismissedKey) === '1');
  const expand = useExpandState(companyId);
  const tree = useFolderTree(companyId, view);
  const addFolder = useAddFolder(companyId);
  const renameFolder = useRenameFolder(companyId);
  const changeState = useChangeFolderState(companyId);
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
    const map = new Map<string, { kind: 'project' | 'team'; name: string; state: FolderState; projectId: string }>();
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

  const rows = useMemo(() => {
    const list: Row[] = [];
    if (editing?.type === 'new-project') list.push({ type: 'new-project', key: 'new-project' });
    for (const project of projects.slice(0, shownCount)) {
      list.push({ type: 'project', key: project.folderId, project });
      const creatingTeam = editing?.type === 'new-team' && editing.projectId === project.folderId;
      if (searching || expand.isExpanded(project.folderId) || creatingTeam) {
        for (const team of project.teams) list.push({ type: 'team', key: team.folderId, project, team });
      }
      if (creatingTeam) list.push({ type: 'new-team', key: `new-team:${project.folderId}`, project });
    }
    return list;
  }, [projects, shownCount, editing, searching, expand]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

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
      if (event.key === 'Escape' && !confirm) stopSelecting();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const serverMessage = (error: unknown) => problemMessage(error, t);

  const submitNew = async (kind: 'project' | 'team', parentId: string, name: string) => {
    try {
      const folder = await addFolder.mutateAsync({ kind, parentId, name });
      showToast('success', t('folderAdded'));
      setEditing(null);
      if (kind === 'team') expand.expand(parentId);
      navigate(activityPath(kind, folder.folderId));
      onNavigate?.();
    } catch (error) {
      showToast('error', serverMessage(error));
      throw error;
    }
  };

  const submitRename = async (kind: 'project' | 'team', folderId: string, name: string) => {
    try {
      await renameFolder.mutateAsync({ kind, folderId, name });
      showToast('success', t('folderRenamed'));
      setEditing(null);
      stopSelecting();
    } catch (error) {
      showToast('error', serverMessage(error));
      throw error;
    }
  };

  const parentAfterDelete = (ids: string[]): string => {
    if (!viewer) return '/home';
    const projectIds = new Set(ids.map((id) => byId.get(id)?.projectId));
    const onlyTeams = ids.every((id) => byId.get(id)?.kind === 'team');
    const [projectId] = [...projectIds];
    if (onlyTeams && projectIds.size === 1 && projectId && can(viewer, 'folder.view', projectRef(projectId))) {
      return activityPath('project', projectId);
    }
    if (can(viewer, 'folder.view', companyRef)) return activityPath('company', companyId);
    const first = firstAccessibleFolder(viewer, companyId);
    const firstId = first?.path[first.path.length - 1];
    return first && firstId && !ids.includes(firstId) ? activityPath(first.kind, firstId) : '/home';
  };

  const runChange = async (state: FolderState, ids: string[]) => {
    // The parent is worked out from the tree as it was, before the change reloads it.
    const parent = state === 'deleted' ? parentAfterDelete(ids) : null;
    try {
      await changeState.mutateAsync({ state, folders: ids });
      const key =
        state === 'archived'
          ? 'successfullyArchivedTeams'
          : state === 'active'
            ? 'successfullyRestoredTeams'
            : 'successfullyDeletedTeams';
      showToast('success', t(key));
      setConfirm(null);
      stopSelecting();
      if (parent) {
        navigate(parent);
        onNavigate?.();
      }
    } catch (error) {
      setConfirm(null);
      showToast('error', serverMessage(error));
    }
  };

  const requestChange = (state: FolderState, ids: string[]) => {
    if (ids.length === 0) {
      showToast('error', t('folders.emptySelection'));
      return;
    }
    if (state === 'active') {
      // Spec 6: others are told to contact their org controller when restoring a project folder.
      const deniedProject = ids.some((id) => {
        const folder = byId.get(id);
        return folder?.kind === 'project' && !allowed('folder.restore', projectRef(id));
      });
      if (deniedProject) {
        showToast('error', restoreProjectDenied);
        return;
      }
      void runChange('active', ids);
      return;
    }
    setConfirm({ state, ids });
  };

  /** The ids a single row's archive, restore or delete applies to (a project brings its teams). */
  const idsFor = (project: TreeProject, teamId?: string) =>
    teamId
      ? [teamId]
      : [...toggleProject(new Set(), project, (id, parent) => (parent ? isSelectable(id, parent) : true))];

  const rowMenu = (project: TreeProject, team?: TreeProject['teams'][number]): RowMenuItem[] => {
    if (!viewer) return [];
    const kind = team ? 'team' : 'project';
    const ref = team ? teamRef(project.folderId, team.folderId) : projectRef(project.folderId);
    const state = team ? team.state : project.state;
    const items: RowMenuItem[] = [];
    if (view === 'active') {
      if (!team && can(viewer, 'folder.addTeam', ref)) {
        items.push({
          key: 'add-team',
          label: t('folders.newTeam'),
          icon: <IconFolderPlus size={14} />,
          onClick: () => {
            expand.expand(project.folderId);
            setEditing({ type: 'new-team', projectId: project.folderId });
          },
        });
      }
      if (can(viewer, 'folder.rename', ref)) {
        items.push({
          key: 'rename',
          label: t('folders.rename'),
          icon: <IconPencil size={14} />,
          onClick: () =>
            setEditing({
              type: 'rename',
              kind,
              folderId: ref.path[ref.path.length - 1] as string,
              name: team?.name ?? project.name,
            }),
        });
      }
      if (isSelectable(team?.folderId ?? project.folderId, team ? project.folderId : null)) {
        items.push({
          key: 'select',
          label: t('folders.selectFolders'),
          icon: <IconChecklist size={14} />,
          onClick: () => {
            setSelecting(true);
            setSelected(
              team
                ? toggleTeam(new Set(), project, team.folderId, isSelectable)
                : toggleProject(new Set(), project, isSelectable),
            );
          },
        });
      }
      if (can(viewer, 'folder.archive', ref)) {
        items.push({
          key: 'archive',
          label: t('folders.archive'),
          icon: <IconArchive size={14} />,
          onClick: () => requestChange('archived', idsFor(project, team?.folderId)),
        });
      }
    } else if (state === 'archived') {
      if (can(viewer, 'folder.restore', ref) || (kind === 'project' && can(viewer, 'folder.archive', ref))) {
        items.push({
          key: 'restore',
          label: t('folders.restore'),
          icon: <IconArrowBackUp size={14} />,
          onClick: () => requestChange('active', idsFor(project, team?.folderId)),
        });
      }
    }
    if ((view === 'active' || state === 'archived') && can(viewer, 'folder.delete', ref)) {
      items.push({
        key: 'delete',
        label: t('folders.delete'),
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => requestChange('deleted', idsFor(project, team?.folderId)),
      });
    }
    return items;
  };

  const selectedIds = [...selected];
  const singleSelected = selectedIds.length === 1 ? byId.get(selectedIds[0] as string) : undefined;
  const bulkAll = allSelected(selected, projects, isSelectable);
  const namesOf = (ids: string[]) => ids.map((id) => byId.get(id)?.name ?? id);

  const renderRow = (row: Row) => {
    switch (row.type) {
      case 'new-project':
        return (
          <Box px={6} py={4}>
            <InlineNameInput
              label={t('folders.newProjectName')}
              placeholder={t('folders.newProjectPlaceholder')}
              loading={addFolder.isPending}
              onSubmit={(name) => submitNew('project', companyId, name)}
              onCancel={() => setEditing(null)}
            />
          </Box>
        );
      case 'new-team':
        return (
          <Box pl={34} pr={6} py={4}>
            <InlineNameInput
              label={t('folders.newTeamName')}
              placeholder={t('folders.newTeamPlaceholder')}
              loading={addFolder.isPending}
              onSubmit={(name) => submitNew('team', row.project.folderId, name)}
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
                  label={t('folders.renameLabel', { name: renaming.name })}
                  initialValue={renaming.name}
                  loading={renameFolder.isPending}
                  onSubmit={(name) => submitRename(kind, folderId, name)}
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

  const homeAllowed = allowed('folder.view', companyRef);
  const homeActive = navigated?.kind === 'company';
  const homeProps = {
    variant: homeActive ? 'light' : 'subtle',
    color: homeActive ? 'blue' : 'gray',
    justify: 'flex-start',
    leftSection: <IconBuildingSkyscraper size={16} />,
    fullWidth: true,
  } as const;
  const homeButton = homeAllowed ? (
    <Button
      component={Link}
      to={activityPath('company', companyId)}
      onClick={onNavigate}
      aria-current={homeActive ? 'page' : undefined}
      {...homeProps}
    >
      {t('folders.homeFolder')}
    </Button>
  ) : (
    <Button disabled {...homeProps}>
      {t('folders.homeFolder')}
    </Button>
  );

  return (
    <Stack gap={0} h="100%" component="nav" aria-label={t('folders.navigation')}>
      <Stack gap="xs" p="sm" pb={6}>
        {header}
        {viewer?.isVisitorOnly && (
          <Alert color="violet" variant="light" p="xs">
            <Text size="xs">{t('folders.visitorOnlyBanner')}</Text>
            <Group gap="xs" mt={4}>
              {onCreateWorkspace && (
                <Anchor component="button" size="xs" onClick={onCreateWorkspace}>
                  {t('folders.visitorOnlyCreate')}
                </Anchor>
              )}
              {visitorTrialLink && (
                <Anchor href={visitorTrialLink} target="_blank" rel="noopener noreferrer" size="xs">
                  {t('folders.learnMore')}
                </Anchor>
              )}
            </Group>
          </Alert>
        )}
        {homeAllowed ? (
          homeButton
        ) : (
          <Tooltip label={t('folders.homeFolderNoAccess')} multiline w={220}>
            <div>{homeButton}</div>
          </Tooltip>
        )}
        <Group gap={6} wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('folders.search')}
            placeholder={t('folders.search')}
            leftSection={<IconSearch size={14} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            rightSection={
              query ? (
                <CloseButton size="xs" aria-label={t('folders.clearSearch')} onClick={() => setQuery('')} />
              ) : null
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
        <SegmentedControl
          size="xs"
          fullWidth
          value={view}
          onChange={(value) => {
            setView(value as TreeState);
            stopSelecting();
            setEditing(null);
          }}
          data={[
            { value: 'active', label: t('folders.active') },
            { value: 'archived', label: t('folders.archived') },
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
        {selecting && (
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Checkbox
              size="xs"
              label={t('folders.selectAll')}
              checked={bulkAll}
              indeterminate={!bulkAll && selected.size > 0}
              onChange={() => setSelected(bulkAll ? new Set() : selectAll(projects, isSelectable))}
            />
            <Group gap={4} wrap="nowrap">
              <Menu position="bottom-end" withinPortal returnFocus={false}>
                <Menu.Target>
                  <Button size="compact-xs" variant="light" rightSection={<IconChevronDown size={12} />}>
                    {t('folders.bulkActions', { count: selected.size })}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {view === 'active' && (
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      disabled={!singleSelected}
                      onClick={() => {
                        const id = selectedIds[0] as string;
                        if (singleSelected)
                          setEditing({
                            type: 'rename',
                            kind: singleSelected.kind,
                            folderId: id,
                            name: singleSelected.name,
                          });
                        setSelecting(false);
                      }}
                    >
                      {t('folders.rename')}
                    </Menu.Item>
                  )}
                  {view === 'active' ? (
                    <Menu.Item
                      leftSection={<IconArchive size={14} />}
                      onClick={() => requestChange('archived', selectedIds)}
                    >
                      {t('folders.archive')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconArrowBackUp size={14} />}
                      onClick={() => requestChange('active', selectedIds)}
                    >
                      {t('folders.restore')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    leftSection={<IconTrash size={14} />}
                    color="red"
                    onClick={() => requestChange('deleted', selectedIds)}
                  >
                    {t('folders.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <CloseButton size="sm" aria-label={t('folders.cancelSelect')} onClick={stopSelecting} />
            </Group>
          </Group>
        )}
        {!selecting && !tipDismissed && view === 'active' && canSelectAny && (
          <Popover width={240} position="right-start" withArrow withinPortal>
            <Popover.Target>
              <UnstyledButton
                px="xs"
                py={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-blue-light)' }}
              >
                <Group gap={6} wrap="nowrap">
                  <IconArchive size={14} color="var(--mantine-color-blue-7)" />
                  <Text size="xs" c="blue.8">
                    {t('folders.tipTitle')}
                  </Text>
                </Group>
              </UnstyledButton>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="sm">{t('folders.tipBody')}</Text>
              <Group justify="flex-end" mt="xs">
                <Button
                  size="compact-xs"
                  onClick={() => {
                    localStorage.setItem(tipDismissedKey, '1');
                    setTipDismissed(true);
                  }}
                >
                  {t('folders.tipDismiss')}
                </Button>
              </Group>
            </Popover.Dropdown>
          </Popover>
        )}
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
              height: virtualizer.getTotalSize(),
              position: 'relative',
              listStyle: 'none',
              margin: 0,
              padding: 0,
            }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index] as Row;
              return (
                <li
                  key={item.key}
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
        state={confirm?.state ?? null}
        names={namesOf(confirm?.ids ?? [])}
        loading={changeState.isPending}
        onConfirm={() => confirm && void runChange(confirm.state, confirm.ids)}
        onCancel={() => setConfirm(null)}
      />
    </Stack>
  );
}
