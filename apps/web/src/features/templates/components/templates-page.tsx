import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { can, type Membership } from '@formwork/shared/permissions';
import type { Tab } from '@formwork/shared/schemas/tabs';
import type { TemplateListState, TemplateSummary } from '@formwork/shared/schemas/templates';
import { templateTypeLabels } from '@formwork/shared/templates/template-definition';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  ColorSwatch,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconChecklist,
  IconDots,
  IconFilePlus,
  IconLayoutList,
  IconLibrary,
  IconPencil,
  IconPlus,
  IconRocket,
  IconRocketOff,
  IconTag,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import {
  setTemplateTab,
  type TemplateFolder,
  templateKeys,
  useBulkDeployment,
  useChangeTemplateState,
  useDeployment,
  useSetDeployment,
  useTabMutations,
  useTemplateList,
} from '../api/templates.ts';
import { type Bulk, type BulkAction, bulkActions, startBulk, toggleBulk } from '../model/bulk.ts';
import { canDragTab, localNewTab, moveId, type SidebarTab, type TabEditOutcome } from '../model/tab-edit.ts';
import { newTemplatePath, templateEditorPath, templatesPath } from '../template-paths.ts';
import { type DeployMode, DeploymentModal } from './deployment-modal.tsx';
import { tabColours } from './sidebar/tab-colours.ts';
import { TabNameEditor } from './sidebar/tab-name-editor.tsx';
import { TabRow } from './sidebar/tab-row.tsx';
import { TemplateMenu, type TemplateMenuRights } from './sidebar/template-menu.tsx';
import type { TeamOption } from './team-options.ts';

type Props = {
  folder: TemplateFolder;
  /** The folder's path [companyId, projectId?, teamId?] for the permission rules. */
  path: readonly string[];
  viewer: Membership;
  state: TemplateListState;
  tabId: string | null;
  /** The company's active team folders, for deployment (composed from the folder tree in app/). */
  teams: readonly TeamOption[];
  /** Opens a template for someone who may not edit it (a read-only preview). */
  onPreview: (templateId: string) => void;
};

type DeployState =
  | { mode: 'manage'; templateId: string; name: string }
  | { mode: 'deploy' | 'undeploy'; templateIds: string[]; name: string }
  | { mode: 'library' }
  | null;

/**
 * The Template Library (company) or a team's Templates (spec 2.5): the tab sidebar with its header,
 * tab, template and bulk menus, and the list of the view (all templates, or one tab's).
 */
export function TemplatesPage({ folder, path, viewer, state, tabId, teams, onPreview }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useTemplateList(folder, state);
  const tabMutations = useTabMutations(folder.companyId);
  const changeState = useChangeTemplateState();
  const setDeployment = useSetDeployment();
  const bulkDeployment = useBulkDeployment(folder.companyId);

  const [newTab, setNewTab] = useState<SidebarTab | null>(null);
  const [editingTabId, setEditingTabId] = useState<string | null>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(tabId ? [tabId] : []));
  const [bulk, setBulk] = useState<Bulk>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [deploy, setDeploy] = useState<DeployState>(null);

  const companyRef = { kind: 'company' as const, path: [folder.companyId] };
  const folderRef = { kind: folder.kind, path };
  const canEditTabs = can(viewer, 'tabs.edit', companyRef);
  const canEdit = can(viewer, 'template.edit', folderRef);
  const canArchive = can(viewer, 'template.archive', folderRef);
  const canDelete = can(viewer, 'template.delete', folderRef);
  const canDeploy = can(viewer, 'template.deploy', companyRef);
  const isLibrary = folder.kind === 'company';
  const archivedView = state === 'archived';

  // A failure saving a new tab or deleting tabs reloads the page's data (spec 8.2: "update" parameter).
  const update = searchParams.get('update');
  useEffect(() => {
    if (!update) return;
    setNewTab(null);
    setEditingTabId(null);
    setOrder(null);
    void queryClient.invalidateQueries({ queryKey: templateKeys.all });
  }, [update, queryClient]);
  const reload = () =>
    setSearchParams(
      (current) => {
        current.set('update', String(Date.now()));
        return current;
      },
      { replace: true },
    );

  const serverTabs = list.data?.tabs ?? [];
  const sortedTabs = useMemo(() => {
    const tabs = [...serverTabs].sort((a, b) => a.sortValue - b.sortValue);
    if (!order) return tabs;
    const at = new Map(order.map((id, i) => [id, i]));
    return tabs.sort((a, b) => (at.get(a.id) ?? 1e9) - (at.get(b.id) ?? 1e9));
  }, [serverTabs, order]);
  const tabs: SidebarTab[] = newTab ? [...sortedTabs, newTab] : sortedTabs;
  const templates = list.data?.templates ?? [];
  const tabIds = new Set(serverTabs.map((tab) => tab.id));
  const inTab = (id: string) => templates.filter((tpl) => tpl.tabIds.includes(id));
  const untagged = templates.filter((tpl) => !tpl.tabIds.some((id) => tabIds.has(id)));
  const currentTab = tabId ? serverTabs.find((tab) => tab.id === tabId) : undefined;
  const shown = currentTab ? inTab(currentTab.id) : templates;

  /** A team sees library templates by deployment: those are edited in the library only (spec 5.5). */
  const editable = (tpl: TemplateSummary) => canEdit && !(folder.kind === 'team' && tpl.isCompany);
  const rightsFor = (tpl: TemplateSummary): TemplateMenuRights => ({
    archivedView,
    editable: editable(tpl),
    canEdit,
    canDeploy,
    canArchive,
    canDelete,
  });

  const stopBulk = useCallback(() => setBulk(null), []);
  useEffect(() => {
    if (!bulk) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !confirmation && !deploy) stopBulk();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bulk, confirmation, deploy, stopBulk]);

  // Switching Active/Archived or folder leaves bulk mode.
  const viewKey = `${folder.folderId}|${state}`;
  const [shownKey, setShownKey] = useState(viewKey);
  if (shownKey !== viewKey) {
    setShownKey(viewKey);
    setBulk(null);
  }

  const goTo = (nextTabId?: string, nextState: TemplateListState = state) =>
    navigate(templatesPath(folder.kind, folder.folderId, nextState, nextTabId));
  const openTemplate = (tpl: TemplateSummary) => {
    if (editable(tpl) && !archivedView) navigate(templateEditorPath(folder.kind, folder.folderId, tpl.templateId));
    else onPreview(tpl.templateId);
  };

  // Tabs ---------------------------------------------------------------------------------------

  const createTab = () => {
    setBulk(null);
    const local = localNewTab(serverTabs);
    setNewTab(local);
    setEditingTabId(local.id);
  };

  const saveTab = async (
    outcome: Extract<TabEditOutcome, { kind: 'save' }>,
  ): Promise<'saved' | 'duplicate' | 'failed'> => {
    try {
      if (outcome.isNew) {
        const saved = await tabMutations.create.mutateAsync({ ...outcome.tab, id: crypto.randomUUID() });
        await queryClient.invalidateQueries({ queryKey: templateKeys.all });
        setNewTab(null);
        setEditingTabId(null);
        showToast('success', t('tabs.added'));
        setExpanded((e) => new Set(e).add(saved.id));
        goTo(saved.id);
      } else {
        const existing = serverTabs.find((tab) => tab.id === outcome.tab.id);
        await tabMutations.update.mutateAsync({
          id: outcome.tab.id as string,
          name: outcome.tab.name,
          style: outcome.tab.style,
          sortValue: existing?.sortValue ?? outcome.tab.sortValue,
        });
        setEditingTabId(null);
        showToast('success', t('tabs.updated'));
      }
      return 'saved';
    } catch (error) {
      if (error instanceof HttpError && error.code === 'tabNameUsed') return 'duplicate';
      // Spec 8.2: general handler; a failed new tab then reloads, a failed update does not.
      reportGeneral(error);
      setEditingTabId(null);
      if (outcome.isNew) {
        setNewTab(null);
        reload();
      }
      return 'failed';
    }
  };

  const cancelTabEdit = () => {
    setEditingTabId(null);
    setNewTab(null);
  };

  const reportGeneral = (error: unknown) => {
    const message =
      error instanceof HttpError
        ? (error.problem?.detail ?? error.problem?.title ?? t('errors.generic'))
        : t('errors.generic');
    showToast('error', message);
  };

  const deleteTabs = (ids: string[]) => {
    const names = serverTabs.filter((tab) => ids.includes(tab.id)).map((tab) => tab.name);
    setConfirmation({
      title: t('tabs.deleteTitle', { count: ids.length }),
      body: t('tabs.deleteBody', { names: names.join(', ') }),
      confirmLabel: t('tabs.deleteConfirm'),
      danger: true,
      onConfirm: async () => {
        setConfirmBusy(true);
        try {
          await tabMutations.remove.mutateAsync(ids);
          showToast('success', t('tabs.deleted'));
          setBulk(null);
          // Spec 4.3: deleting the selected tab returns the user to the Templates view.
          if (tabId && ids.includes(tabId)) goTo();
        } catch (error) {
          reportGeneral(error);
          reload();
        } finally {
          setConfirmBusy(false);
          setConfirmation(null);
        }
      },
    });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = async (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const ids = moveId(
      sortedTabs.map((tab) => tab.id),
      String(active.id),
      String(over.id),
    );
    setOrder(ids);
    try {
      await tabMutations.order.mutateAsync(ids);
    } catch (error) {
      reportGeneral(error);
    }
    setOrder(null);
  };

  // Templates and tabs -------------------------------------------------------------------------

  const addToTab = async (templateIds: string[], targetTabId: string) => {
    let added = 0;
    // Spec 8.2: a failure is handled per template and the others continue.
    for (const id of templateIds) {
      try {
        await setTemplateTab(id, targetTabId, true);
        added++;
      } catch (error) {
        const name = templates.find((tpl) => tpl.templateId === id)?.name ?? '';
        showToast(
          'error',
          `${name}: ${error instanceof HttpError ? (error.problem?.title ?? t('errors.generic')) : t('errors.generic')}`,
        );
      }
    }
    await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    if (added > 0) showToast('success', t('tabs.addedToTemplate'));
    setBulk(null);
  };

  const removeFromTab = (tpl: TemplateSummary, fromTabId: string) => {
    const tab = serverTabs.find((x) => x.id === fromTabId);
    setConfirmation({
      title: t('templates.removeTitle'),
      body: t('templates.removeBody', { template: tpl.name, tab: tab?.name ?? '' }),
      confirmLabel: t('templates.remove'),
      onConfirm: async () => {
        setConfirmBusy(true);
        try {
          await setTemplateTab(tpl.templateId, fromTabId, false);
          await queryClient.invalidateQueries({ queryKey: templateKeys.all });
          showToast('success', t('tabs.removedFromTemplate'));
        } catch (error) {
          reportGeneral(error);
        } finally {
          setConfirmBusy(false);
          setConfirmation(null);
        }
      },
    });
  };

  const runState = async (action: 'archive' | 'restore' | 'delete', ids: string[]) => {
    const byFolder = new Map<string, { isCompany: boolean; ids: string[] }>();
    for (const id of ids) {
      const tpl = templates.find((x) => x.templateId === id);
      if (!tpl) continue;
      const group = byFolder.get(tpl.folderId) ?? { isCompany: tpl.isCompany, ids: [] };
      group.ids.push(id);
      byFolder.set(tpl.folderId, group);
    }
    try {
      for (const [folderId, group] of byFolder) {
        await changeState.mutateAsync({ action, folderId, isCompany: group.isCompany, templateIds: group.ids });
      }
      showToast('success', t(`templates.${action}d`, { count: ids.length }));
      setBulk(null);
    } catch (error) {
      reportGeneral(error);
    }
  };

  const requestState = (action: 'archive' | 'restore' | 'delete', ids: string[]) => {
    if (ids.length === 0) return showToast('error', t('templates.emptySelection'));
    if (action === 'restore') return void runState('restore', ids);
    const deployed = ids.some((id) => templates.find((x) => x.templateId === id)?.deployedTeamIds.length);
    setConfirmation({
      title: t(`templates.${action}Title`, { count: ids.length }),
      body:
        t(`templates.${action}Body`) + (action === 'archive' && deployed ? ` ${t('templates.archiveDeployed')}` : ''),
      confirmLabel: t(`templates.${action}`),
      danger: action === 'delete',
      onConfirm: async () => {
        setConfirmBusy(true);
        await runState(action, ids);
        setConfirmBusy(false);
        setConfirmation(null);
      },
    });
  };

  // Deployment ---------------------------------------------------------------------------------

  const manageId = deploy?.mode === 'manage' ? deploy.templateId : null;
  const deployment = useDeployment(manageId);
  const applyDeployment = async (teamIds: string[]) => {
    if (!deploy) return;
    try {
      if (deploy.mode === 'manage') {
        await setDeployment.mutateAsync({ templateId: deploy.templateId, teamIds });
        showToast('success', t('deploy.updated'));
      } else if (deploy.mode === 'deploy' || deploy.mode === 'undeploy') {
        await bulkDeployment.mutateAsync({ mode: deploy.mode, templateIds: deploy.templateIds, teamIds });
        showToast('success', t(deploy.mode === 'deploy' ? 'deploy.deployed' : 'deploy.undeployed'));
        setBulk(null);
      }
      setDeploy(null);
    } catch (error) {
      reportGeneral(error);
    }
  };

  // Bulk ---------------------------------------------------------------------------------------

  const selectedIds = bulk ? [...bulk.ids] : [];
  const selectedTemplates = bulk?.kind === 'templates' ? templates.filter((x) => bulk.ids.has(x.templateId)) : [];
  const actions = bulkActions(bulk, {
    isLibrary,
    archivedView,
    canEditTabs,
    canEdit,
    canDeploy,
    canArchive,
    canDelete,
    tabCount: serverTabs.length,
    editableSelected: selectedTemplates.length === 1 && editable(selectedTemplates[0] as TemplateSummary),
  });
  const runBulk = (action: BulkAction) => {
    switch (action) {
      case 'edit': {
        const [only] = selectedTemplates;
        if (only) navigate(templateEditorPath(folder.kind, folder.folderId, only.templateId));
        return;
      }
      case 'deleteTabs':
        return deleteTabs(selectedIds);
      case 'deploy':
      case 'undeploy':
        return setDeploy({
          mode: action,
          templateIds: selectedIds,
          name: t('templates.countSelected', { count: selectedIds.length }),
        });
      case 'archive':
      case 'restore':
      case 'delete':
        return requestState(action, selectedIds);
      case 'addToTab':
        return;
    }
  };
  const bulkIcons: Record<BulkAction, ReactNode> = {
    edit: <IconPencil size={14} />,
    deleteTabs: <IconTrash size={14} />,
    deploy: <IconRocket size={14} />,
    undeploy: <IconRocketOff size={14} />,
    addToTab: <IconTag size={14} />,
    archive: <IconArchive size={14} />,
    restore: <IconArrowBackUp size={14} />,
    delete: <IconTrash size={14} />,
  };

  // Rendering ----------------------------------------------------------------------------------

  const templateRow = (tpl: TemplateSummary, contextTabId: string | null) => {
    const selecting = bulk?.kind === 'templates';
    return (
      <Group key={`${contextTabId}:${tpl.templateId}`} gap={4} wrap="nowrap" py={2} data-template-row={tpl.templateId}>
        {selecting && (
          <Checkbox
            size="xs"
            checked={bulk.ids.has(tpl.templateId)}
            onChange={() => setBulk((b) => toggleBulk(b, 'templates', tpl.templateId))}
            aria-label={t('templates.selectOne', { name: tpl.name })}
          />
        )}
        <UnstyledButton
          style={{ flex: 1, minWidth: 0 }}
          onClick={() => (selecting ? setBulk((b) => toggleBulk(b, 'templates', tpl.templateId)) : openTemplate(tpl))}
        >
          <Text size="sm" truncate="end" maw={185} title={tpl.name}>
            {tpl.name}
          </Text>
        </UnstyledButton>
        {tpl.isDeployed && (
          <Tooltip
            label={
              isLibrary ? t('templates.deployedTo', { count: tpl.deployedTeamIds.length }) : t('templates.fromLibrary')
            }
          >
            <IconWorld size={14} color="var(--mantine-color-dimmed)" aria-label={t('templates.deployedBadge')} />
          </Tooltip>
        )}
        {!selecting && menuFor(tpl, contextTabId)}
      </Group>
    );
  };

  const menuFor = (tpl: TemplateSummary, contextTabId: string | null) => (
    <TemplateMenu
      template={tpl}
      tabs={serverTabs}
      contextTabId={contextTabId}
      rights={rightsFor(tpl)}
      onEdit={() => navigate(templateEditorPath(folder.kind, folder.folderId, tpl.templateId))}
      onSelect={() => setBulk(startBulk('templates', tpl.templateId))}
      onManageDeployment={() => setDeploy({ mode: 'manage', templateId: tpl.templateId, name: tpl.name })}
      onAddToTab={(id) => void addToTab([tpl.templateId], id)}
      onRemoveFromTab={(id) => removeFromTab(tpl, id)}
      onArchive={() => requestState('archive', [tpl.templateId])}
      onRestore={() => requestState('restore', [tpl.templateId])}
      onDelete={() => requestState('delete', [tpl.templateId])}
    />
  );

  const title = isLibrary ? t('templates.libraryTitle') : t('templates.teamTitle');
  const anyEditing = editingTabId !== null;

  const headerMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('templates.headerMenu')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEditTabs && !archivedView && (
          <Menu.Item
            leftSection={<IconChecklist size={14} />}
            disabled={serverTabs.length === 0}
            onClick={() => setBulk(startBulk('tabs'))}
          >
            {t('tabs.selectTabs')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconChecklist size={14} />}
          disabled={templates.length === 0}
          onClick={() => setBulk(startBulk('templates'))}
        >
          {t('templates.selectTemplates')}
        </Menu.Item>
        <Menu.Item onClick={() => setExpanded(new Set(serverTabs.map((tab) => tab.id)))}>
          {t('tabs.expandAll')}
        </Menu.Item>
        <Menu.Item onClick={() => setExpanded(new Set())}>{t('tabs.collapseAll')}</Menu.Item>
        {!archivedView && (canEdit || (!isLibrary && canDeploy)) && (
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconPlus size={14} />}>{t('templates.addTemplate')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              {canEdit && (
                <Menu.Item
                  leftSection={<IconFilePlus size={14} />}
                  onClick={() => navigate(newTemplatePath(folder.kind, folder.folderId, currentTab?.id))}
                >
                  {t('templates.createNew')}
                </Menu.Item>
              )}
              {!isLibrary && canDeploy && (
                <Menu.Item leftSection={<IconLibrary size={14} />} onClick={() => setDeploy({ mode: 'library' })}>
                  {t('templates.deployFromLibrary')}
                </Menu.Item>
              )}
              {canEdit && (
                <Tooltip label={t('shell.notAvailableYet')} position="left">
                  <Menu.Item leftSection={<IconWorld size={14} />} disabled>
                    {t('templates.browseFree')}
                  </Menu.Item>
                </Tooltip>
              )}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
        {canEditTabs && !archivedView && (
          <Menu.Item leftSection={<IconTag size={14} />} disabled={newTab !== null} onClick={createTab}>
            {t('tabs.create')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const bulkBar = bulk && (
    <Group
      gap="xs"
      justify="space-between"
      px="xs"
      py={6}
      bg="var(--mantine-color-blue-light)"
      style={{ borderRadius: 6 }}
    >
      {bulk.kind === 'tabs' ? (
        <Checkbox
          size="xs"
          label={t('templates.selected', { count: bulk.ids.size })}
          checked={bulk.ids.size > 0 && bulk.ids.size === serverTabs.length}
          indeterminate={bulk.ids.size > 0 && bulk.ids.size < serverTabs.length}
          onChange={() =>
            setBulk(
              bulk.ids.size === serverTabs.length
                ? startBulk('tabs')
                : { kind: 'tabs', ids: new Set(serverTabs.map((x) => x.id)) },
            )
          }
        />
      ) : (
        <Checkbox
          size="xs"
          label={t('templates.selected', { count: bulk.ids.size })}
          checked={bulk.ids.size > 0 && bulk.ids.size === shown.length}
          indeterminate={bulk.ids.size > 0 && bulk.ids.size < shown.length}
          onChange={() =>
            setBulk(
              bulk.ids.size === shown.length
                ? startBulk('templates')
                : { kind: 'templates', ids: new Set(shown.map((x) => x.templateId)) },
            )
          }
        />
      )}
      <Group gap={4}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" disabled={bulk.ids.size === 0}>
              {t('templates.bulkActions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {actions.map(({ action, enabled }) =>
              action === 'addToTab' ? (
                <Menu.Sub key={action} disabled={!enabled}>
                  <Menu.Sub.Target>
                    <Menu.Sub.Item leftSection={bulkIcons[action]} disabled={!enabled}>
                      {t('bulk.addToTab')}
                    </Menu.Sub.Item>
                  </Menu.Sub.Target>
                  <Menu.Sub.Dropdown>
                    {serverTabs.map((tab) => (
                      <Menu.Item
                        key={tab.id}
                        leftSection={<ColorSwatch color={tabColours[tab.style]} size={10} withShadow={false} />}
                        onClick={() => void addToTab(selectedIds, tab.id)}
                      >
                        {tab.name}
                      </Menu.Item>
                    ))}
                  </Menu.Sub.Dropdown>
                </Menu.Sub>
              ) : (
                <Menu.Item
                  key={action}
                  leftSection={bulkIcons[action]}
                  color={action === 'delete' || action === 'deleteTabs' ? 'red' : undefined}
                  disabled={!enabled}
                  onClick={() => runBulk(action)}
                >
                  {t(`bulk.${action}`)}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
        <Button size="compact-xs" variant="subtle" onClick={stopBulk}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Group>
  );

  const sidebar = (
    <Paper withBorder p="xs" w={{ base: '100%', sm: 300 }} style={{ flexShrink: 0 }} component="nav" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm" tt="uppercase" c="dimmed">
            {t('templates.sidebarHeader')}
          </Text>
          {headerMenu}
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('templates.stateToggle')}
          value={state}
          onChange={(value) => goTo(undefined, value as TemplateListState)}
          data={[
            { value: 'active', label: t('templates.active') },
            { value: 'archived', label: t('templates.archived') },
          ]}
        />
        {bulkBar}
        <UnstyledButton
          onClick={() => goTo()}
          px={6}
          py={4}
          style={{ borderRadius: 6, background: !tabId ? 'var(--mantine-color-blue-light)' : undefined }}
          aria-current={!tabId ? 'page' : undefined}
        >
          <Group gap={6}>
            <IconLayoutList size={16} />
            <Text size="sm" fw={500}>
              {t('templates.allTemplates')}
            </Text>
            <Text size="xs" c="dimmed">
              {templates.length}
            </Text>
          </Group>
        </UnstyledButton>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
          <SortableContext items={tabs.map((tab) => tab.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={2}>
              {tabs.map((tab) => {
                const editing = editingTabId === tab.id;
                return (
                  <TabRow
                    key={tab.id}
                    tab={tab}
                    templates={inTab(tab.id)}
                    expanded={expanded.has(tab.id)}
                    active={tab.id === tabId}
                    draggable={canDragTab({
                      editing: anyEditing,
                      canEdit: canEditTabs,
                      tabCount: serverTabs.length,
                      isNew: Boolean(tab.isNew),
                      bulk: bulk !== null,
                    })}
                    editor={
                      editing ? <TabNameEditor tabs={tabs} tab={tab} onSave={saveTab} onCancel={cancelTabEdit} /> : null
                    }
                    selecting={bulk?.kind === 'tabs'}
                    selected={bulk?.kind === 'tabs' && bulk.ids.has(tab.id)}
                    canEditTabs={canEditTabs && !archivedView}
                    canAddTemplate={canEdit && !archivedView}
                    onToggleExpand={() =>
                      setExpanded((e) => {
                        const next = new Set(e);
                        if (next.has(tab.id)) next.delete(tab.id);
                        else next.add(tab.id);
                        return next;
                      })
                    }
                    onOpen={() => {
                      setExpanded((e) => new Set(e).add(tab.id));
                      goTo(tab.id);
                    }}
                    onToggleSelect={() => setBulk((b) => toggleBulk(b, 'tabs', tab.id))}
                    onEdit={() => {
                      setBulk(null);
                      setEditingTabId(tab.id);
                    }}
                    onSelect={() => setBulk(startBulk('tabs', tab.id))}
                    onDelete={() => deleteTabs([tab.id])}
                    onAddTemplate={() => navigate(newTemplatePath(folder.kind, folder.folderId, tab.id))}
                  >
                    {inTab(tab.id).map((tpl) => templateRow(tpl, tab.id))}
                  </TabRow>
                );
              })}
            </Stack>
          </SortableContext>
        </DndContext>
        {untagged.length > 0 && (
          <Stack gap={0} mt={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6}>
              {t('templates.untagged')}
            </Text>
            <Box pl={6}>{untagged.map((tpl) => templateRow(tpl, null))}</Box>
          </Stack>
        )}
      </Stack>
    </Paper>
  );

  const main = (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {currentTab && <ColorSwatch color={tabColours[currentTab.style]} size={16} />}
          <Title order={1} fz="h3" style={{ minWidth: 0 }} lineClamp={1}>
            {currentTab ? currentTab.name : title}
          </Title>
          {archivedView && <Badge color="gray">{t('templates.archived')}</Badge>}
        </Group>
        {canEdit && !archivedView && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => navigate(newTemplatePath(folder.kind, folder.folderId, currentTab?.id))}
          >
            {t('templates.createNew')}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Center mih={200}>
          <Loader aria-label={t('templates.loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{t('templates.loadFailed')}</Alert>
      ) : shown.length === 0 ? (
        <Alert color="gray">
          {currentTab ? t('tabs.empty') : archivedView ? t('templates.noArchived') : t('templates.noActive')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing={6} aria-label={currentTab?.name ?? title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('templates.columns.name')}</Table.Th>
                <Table.Th>{t('templates.columns.templateId')}</Table.Th>
                <Table.Th>{t('templates.columns.type')}</Table.Th>
                <Table.Th>{t('templates.columns.tabs')}</Table.Th>
                <Table.Th>{isLibrary ? t('templates.columns.deployed') : t('templates.columns.source')}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((tpl) => (
                <Table.Tr key={tpl.templateId}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {bulk?.kind === 'templates' && (
                        <Checkbox
                          size="xs"
                          checked={bulk.ids.has(tpl.templateId)}
                          onChange={() => setBulk((b) => toggleBulk(b, 'templates', tpl.templateId))}
                          aria-label={t('templates.selectOne', { name: tpl.name })}
                        />
                      )}
                      <Anchor component="button" size="sm" fw={500} onClick={() => openTemplate(tpl)}>
                        {tpl.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {tpl.templateCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t(`templates.types.${tpl.type}`, { defaultValue: templateTypeLabels[tpl.type] })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {serverTabs
                        .filter((tab: Tab) => tpl.tabIds.includes(tab.id))
                        .map((tab) => (
                          <Badge key={tab.id} size="sm" variant="light" color={tabColours[tab.style]}>
                            {tab.name}
                          </Badge>
                        ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {isLibrary
                        ? t('templates.teamsCount', { count: tpl.deployedTeamIds.length })
                        : tpl.isCompany
                          ? t('templates.fromLibrary')
                          : t('templates.teamOwn')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{bulk?.kind !== 'templates' && menuFor(tpl, currentTab?.id ?? null)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );

  return (
    <>
      <Group align="flex-start" gap="md" wrap="nowrap" visibleFrom="sm">
        {sidebar}
        {main}
      </Group>
      <Stack gap="md" hiddenFrom="sm">
        {sidebar}
        {main}
      </Stack>
      <ConfirmModal confirmation={confirmation} busy={confirmBusy} onClose={() => setConfirmation(null)} />
      <DeploymentModal
        key={deploy ? JSON.stringify(deploy) : 'closed'}
        opened={deploy !== null && deploy.mode !== 'library'}
        mode={(deploy && deploy.mode !== 'library' ? deploy.mode : 'manage') as DeployMode}
        subject={deploy && deploy.mode !== 'library' ? deploy.name : ''}
        teams={teams}
        initial={deploy?.mode === 'manage' ? (deployment.data?.teamIds ?? null) : []}
        busy={setDeployment.isPending || bulkDeployment.isPending}
        onApply={(teamIds) => void applyDeployment(teamIds)}
        onClose={() => setDeploy(null)}
      />
      {deploy?.mode === 'library' && folder.kind === 'team' && (
        <LibraryDeployModal
          companyId={folder.companyId}
          deployedIds={templates.filter((x) => x.isCompany).map((x) => x.templateId)}
          onDeploy={async (templateIds) => {
            try {
              await bulkDeployment.mutateAsync({ mode: 'deploy', templateIds, teamIds: [folder.folderId] });
              showToast('success', t('deploy.deployed'));
              setDeploy(null);
            } catch (error) {
              reportGeneral(error);
            }
          }}
          busy={bulkDeployment.isPending}
          onClose={() => setDeploy(null)}
        />
      )}
    </>
  );
}

/** Team level: Deploy from workspace library (spec 2.5) lists the library's active templates. */
function LibraryDeployModal({
  companyId,
  deployedIds,
  onDeploy,
  busy,
  onClose,
}: {
  companyId: string;
  deployedIds: string[];
  onDeploy: (templateIds: string[]) => Promise<void>;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const library = useTemplateList({ kind: 'company', folderId: companyId, companyId }, 'active');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const available = (library.data?.templates ?? []).filter((x) => !deployedIds.includes(x.templateId));
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Modal opened onClose={onClose} title={t('templates.deployFromLibrary')} centered>
      {library.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : available.length === 0 ? (
        <Alert color="gray">{t('deploy.nothingToDeploy')}</Alert>
      ) : (
        <Stack gap={6}>
          {available.map((x) => (
            <Checkbox
              key={x.templateId}
              label={x.name}
              checked={picked.has(x.templateId)}
              onChange={() => toggle(x.templateId)}
            />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button disabled={picked.size === 0} loading={busy} onClick={() => void onDeploy([...picked])}>
          {t('deploy.apply')}
        </Button>
      </Group>
    </Modal>
  );
}
