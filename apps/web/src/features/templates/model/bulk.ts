/**
 * Bulk select (spec 2.5, 4.3): for tabs or for templates, never both at once. Escape or Cancel
 * leaves it.
 */
export type BulkKind = 'tabs' | 'templates';
export type Bulk = { kind: BulkKind; ids: ReadonlySet<string> } | null;

export function startBulk(kind: BulkKind, firstId?: string): Bulk {
  return { kind, ids: new Set(firstId ? [firstId] : []) };
}

/** Toggles an item; an item of the other kind is ignored (the mode stays as it is). */
export function toggleBulk(bulk: Bulk, kind: BulkKind, id: string): Bulk {
  if (!bulk || bulk.kind !== kind) return bulk;
  const ids = new Set(bulk.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind, ids };
}

/** The ids bulk mode can select: the tabs, or the templates shown. */
export function selectableIds(
  kind: BulkKind,
  tabs: readonly { id: string }[],
  templates: readonly { templateId: string }[],
): string[] {
  return kind === 'tabs' ? tabs.map((tab) => tab.id) : templates.map((template) => template.templateId);
}

/** Select all, or none when all are selected already (the bar's one checkbox). */
export function toggleAll(bulk: Bulk, selectable: readonly string[]): Bulk {
  if (!bulk) return bulk;
  return bulk.ids.size === selectable.length ? startBulk(bulk.kind) : { kind: bulk.kind, ids: new Set(selectable) };
}

export type BulkAction = 'edit' | 'deleteTabs' | 'deploy' | 'undeploy' | 'addToTab' | 'archive' | 'restore' | 'delete';

/**
 * Which bulk actions are offered, and which are enabled: Edit for exactly one selected template;
 * delete tabs for tabs; Deploy/Undeploy for library templates and those who may deploy; Add to Tab
 * when there is a tab and the edit right; Archive with the archive right.
 */
export function bulkActions(
  bulk: Bulk,
  rights: {
    isLibrary: boolean;
    archivedView: boolean;
    canEditTabs: boolean;
    canEdit: boolean;
    canDeploy: boolean;
    canArchive: boolean;
    canDelete: boolean;
    tabCount: number;
    editableSelected: boolean;
  },
): { action: BulkAction; enabled: boolean }[] {
  if (!bulk) return [];
  const count = bulk.ids.size;
  if (bulk.kind === 'tabs') return [{ action: 'deleteTabs', enabled: rights.canEditTabs && count > 0 }];
  if (rights.archivedView) {
    return [
      { action: 'restore', enabled: rights.canArchive && count > 0 },
      { action: 'delete', enabled: rights.canDelete && count > 0 },
    ];
  }
  const list: { action: BulkAction; enabled: boolean }[] = [
    { action: 'edit', enabled: count === 1 && rights.canEdit && rights.editableSelected },
  ];
  if (rights.isLibrary) {
    list.push({ action: 'deploy', enabled: rights.canDeploy && count > 0 });
    list.push({ action: 'undeploy', enabled: rights.canDeploy && count > 0 });
  }
  list.push({ action: 'addToTab', enabled: rights.canEdit && rights.tabCount > 0 && count > 0 });
  list.push({ action: 'archive', enabled: rights.canArchive && count > 0 });
  return list;
}
