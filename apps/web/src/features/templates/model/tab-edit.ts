import type { Tab, TabStyle } from '@formwork/shared/schemas/tabs';
import { defaultTabStyle } from '@formwork/shared/schemas/tabs';

/** A tab as the sidebar holds it: a saved one, or the local new tab (placeholder id) being named. */
export type SidebarTab = Tab & { isNew?: boolean };

/** Spec 4.3: a local new tab has the placeholder id, an empty name, dark-blue and sortValue = count. */
export const newTabPlaceholderId = 'new-tab';
export const newTabMarker = newTabPlaceholderId;

export function localNewTab(tabs: readonly Tab[]): SidebarTab {
  return { id: newTabPlaceholderId, name: '', style: defaultTabStyle, sortValue: tabs.length, isNew: true };
}

/** Spec 5.5: after a duplicate name, the edit is cancelled if focus has left it this long after. */
export const duplicateNameRefocusMs = 100;
/** Spec 9: the colour picker keeps at least this far from the bottom of the viewport. */
export const colourPickerBottomMarginPx = 90;

export type TabEditOutcome =
  | { kind: 'cancel' }
  | { kind: 'duplicate' }
  | { kind: 'save'; tab: { id?: string; name: string; style: TabStyle; sortValue: number }; isNew: boolean };

/**
 * What confirming a tab edit does (spec 4.3, 5.5): the name is trimmed; empty cancels silently;
 * unchanged (same name and colour) cancels; a name another tab has (case-insensitive) is a
 * duplicate; otherwise save. Changing only the colour is allowed.
 */
export function resolveTabEdit(
  tabs: readonly SidebarTab[],
  editing: SidebarTab,
  draft: { name: string; style: TabStyle },
): TabEditOutcome {
  const name = draft.name.trim();
  if (name === '') return { kind: 'cancel' };
  if (!editing.isNew && name === editing.name && draft.style === editing.style) return { kind: 'cancel' };
  const taken = tabs.some((t) => t.id !== editing.id && !t.isNew && t.name.trim().toLowerCase() === name.toLowerCase());
  if (taken) return { kind: 'duplicate' };
  return editing.isNew
    ? { kind: 'save', isNew: true, tab: { name, style: draft.style, sortValue: editing.sortValue } }
    : { kind: 'save', isNew: false, tab: { id: editing.id, name, style: draft.style, sortValue: editing.sortValue } };
}

/** Spec 4.3: when a tab may be dragged to reorder. */
export function canDragTab(state: {
  editing: boolean;
  canEdit: boolean;
  tabCount: number;
  isNew: boolean;
  bulk: boolean;
}): boolean {
  return !state.editing && state.canEdit && state.tabCount > 1 && !state.isNew && !state.bulk;
}

/** Moves one id to another's place; the order the sidebar saves. */
export function moveId(ids: readonly string[], from: string, to: string): string[] {
  const list = [...ids];
  const a = list.indexOf(from);
  const b = list.indexOf(to);
  if (a < 0 || b < 0 || a === b) return list;
  list.splice(a, 1);
  list.splice(b, 0, from);
  return list;
}
