import { describe, expect, it } from 'vitest';
import { allSelected, type IsSelectable, selectAll, toggleProject, toggleTeam } from './selection.ts';

const bridge = { folderId: 'p1', teams: [{ folderId: 't1' }, { folderId: 't2' }] };
const hospital = { folderId: 'p2', teams: [{ folderId: 't3' }] };
const everything: IsSelectable = () => true;

describe('bulk selection rules (spec 4.2)', () => {
  it('selecting a project selects all its teams, and deselecting it deselects them', () => {
    const on = toggleProject(new Set(), bridge, everything);
    expect([...on].sort()).toEqual(['p1', 't1', 't2']);
    expect([...toggleProject(on, bridge, everything)]).toEqual([]);
  });

  it('selecting or deselecting a team deselects its parent project', () => {
    const all = toggleProject(new Set(), bridge, everything);
    const minusTeam = toggleTeam(all, bridge, 't1', everything);
    expect([...minusTeam].sort()).toEqual(['t2']);
    const plusTeam = toggleTeam(new Set(['p1']), bridge, 't1', everything);
    expect([...plusTeam]).toEqual(['t1']);
  });

  it('leaves out what may not be selected (archived view: only archived folders)', () => {
    const archived = new Set(['t2', 'p2', 't3']);
    const onlyArchived: IsSelectable = (id) => archived.has(id);
    // An active project holding an archived team cannot itself be selected.
    expect([...toggleProject(new Set(), bridge, onlyArchived)]).toEqual([]);
    expect([...toggleTeam(new Set(), bridge, 't1', onlyArchived)]).toEqual([]);
    expect([...toggleTeam(new Set(), bridge, 't2', onlyArchived)]).toEqual(['t2']);
    expect([...selectAll([bridge, hospital], onlyArchived)].sort()).toEqual(['p2', 't2', 't3']);
  });

  it('knows when everything selectable is selected', () => {
    const all = selectAll([bridge, hospital], everything);
    expect(allSelected(all, [bridge, hospital], everything)).toBe(true);
    expect(allSelected(toggleTeam(all, bridge, 't1', everything), [bridge, hospital], everything)).toBe(false);
    expect(allSelected(new Set(), [], everything)).toBe(false);
  });
});
