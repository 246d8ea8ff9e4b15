import { type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Tab } from '@formwork/shared/schemas/tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { templateKeys, useTabMutations } from '../api/templates.ts';
import { localNewTab, moveId, type SidebarTab, type TabEditOutcome } from '../model/tab-edit.ts';
import type { BulkSelection } from './use-bulk-selection.ts';
import type { TemplatesNavigation } from './use-templates-navigation.ts';

type Options = {
  companyId: string;
  serverTabs: Tab[];
  tabId: string | null;
  setBulk: BulkSelection['setBulk'];
  goTo: TemplatesNavigation['goTo'];
  reportError: (error: unknown) => void;
};

/**
 * The sidebar's tabs as the user edits them (spec 4.3, 5.5, 8.2): the local new tab being named,
 * the tab being renamed, a drag's order until the server has it, which tabs are expanded; and
 * `reload`, which a failure saving a new tab or deleting tabs uses to reload the page's data.
 */
export function useTabEditing({ companyId, serverTabs, tabId, setBulk, goTo, reportError }: Options) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabMutations = useTabMutations(companyId);
  const [newTab, setNewTab] = useState<SidebarTab | null>(null);
  const [editingTabId, setEditingTabId] = useState<string | null>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(tabId ? [tabId] : []));

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

  const sortedTabs = useMemo(() => {
    const tabs = [...serverTabs].sort((a, b) => a.sortValue - b.sortValue);
    if (!order) return tabs;
    const at = new Map(order.map((id, i) => [id, i]));
    return tabs.sort((a, b) => (at.get(a.id) ?? 1e9) - (at.get(b.id) ?? 1e9));
  }, [serverTabs, order]);
  const tabs: SidebarTab[] = newTab ? [...sortedTabs, newTab] : sortedTabs;

  const createTab = () => {
    setBulk(null);
    const local = localNewTab(serverTabs);
    setNewTab(local);
    setEditingTabId(local.id);
  };

  const startEdit = (id: string) => {
    setBulk(null);
    setEditingTabId(id);
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
      reportError(error);
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
      reportError(error);
    }
    setOrder(null);
  };

  const toggleExpanded = (id: string) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const expand = (id: string) => setExpanded((e) => new Set(e).add(id));
  const expandAll = () => setExpanded(new Set(serverTabs.map((tab) => tab.id)));
  const collapseAll = () => setExpanded(new Set());

  return {
    tabs,
    newTab,
    editingTabId,
    expanded,
    createTab,
    startEdit,
    saveTab,
    cancelTabEdit,
    sensors,
    onDragEnd,
    toggleExpanded,
    expand,
    expandAll,
    collapseAll,
    reload,
  };
}

export type TabEditing = ReturnType<typeof useTabEditing>;
