import { describe, expect, it } from 'vitest';
import { bulkActions, selectableIds, startBulk, toggleAll, toggleBulk } from './bulk.ts';

const rights = {
  isLibrary: true,
  archivedView: false,
  canEditTabs: true,
  canEdit: true,
  canDeploy: true,
  canArchive: true,
  canDelete: true,
  tabCount: 2,
  editableSelected: true,
};

describe('bulk select (spec 2.5, 4.3)', () => {
  it('is for tabs or templates, never both', () => {
    let bulk = startBulk('tabs', 't1');
    bulk = toggleBulk(bulk, 'templates', 'x1');
    expect(bulk).toEqual({ kind: 'tabs', ids: new Set(['t1']) });
    bulk = toggleBulk(bulk, 'tabs', 't2');
    bulk = toggleBulk(bulk, 'tabs', 't1');
    expect([...(bulk?.ids ?? [])]).toEqual(['t2']);
    expect(toggleBulk(null, 'tabs', 't1')).toBeNull();
  });

  it('offers delete tabs for tabs, and Edit (single only), Deploy, Undeploy, Add to Tab, Archive for templates', () => {
    expect(bulkActions(startBulk('tabs', 't1'), rights)).toEqual([{ action: 'deleteTabs', enabled: true }]);
    const one = bulkActions(startBulk('templates', 'a'), rights);
    expect(one.map((a) => a.action)).toEqual(['edit', 'deploy', 'undeploy', 'addToTab', 'archive']);
    expect(one.every((a) => a.enabled)).toBe(true);
    const two = bulkActions({ kind: 'templates', ids: new Set(['a', 'b']) }, { ...rights, editableSelected: false });
    expect(two.find((a) => a.action === 'edit')?.enabled).toBe(false);
  });

  it('follows the permission rules: deploy for company controllers, Add to Tab needs a tab and the edit right', () => {
    const member = {
      ...rights,
      canEditTabs: false,
      canEdit: false,
      canDeploy: false,
      canArchive: false,
      canDelete: false,
    };
    expect(bulkActions(startBulk('templates', 'a'), member).every((a) => !a.enabled)).toBe(true);
    expect(bulkActions(startBulk('tabs', 't'), member)).toEqual([{ action: 'deleteTabs', enabled: false }]);
    const noTabs = bulkActions(startBulk('templates', 'a'), { ...rights, tabCount: 0 });
    expect(noTabs.find((a) => a.action === 'addToTab')?.enabled).toBe(false);
    const team = bulkActions(startBulk('templates', 'a'), { ...rights, isLibrary: false });
    expect(team.map((a) => a.action)).toEqual(['edit', 'addToTab', 'archive']);
  });

  it('offers Restore and Delete in the Archived view', () => {
    const archived = bulkActions(startBulk('templates', 'a'), { ...rights, archivedView: true });
    expect(archived.map((a) => a.action)).toEqual(['restore', 'delete']);
  });

  it('selects all of its kind with one checkbox, and none when all are selected', () => {
    const tabs = [{ id: 't1' }, { id: 't2' }];
    const templates = [{ templateId: 'x1' }];
    const tabIds = selectableIds('tabs', tabs, templates);
    expect(tabIds).toEqual(['t1', 't2']);
    expect(selectableIds('templates', tabs, templates)).toEqual(['x1']);
    const all = toggleAll(startBulk('tabs', 't1'), tabIds);
    expect(all).toEqual({ kind: 'tabs', ids: new Set(['t1', 't2']) });
    expect(toggleAll(all, tabIds)).toEqual({ kind: 'tabs', ids: new Set() });
    expect(toggleAll(startBulk('templates'), ['x1'])).toEqual({ kind: 'templates', ids: new Set(['x1']) });
  });
});
