import { describe, expect, it } from 'vitest';
import { compareFolderNames, searchFolderTree, sortFolderTree } from './folder-search.ts';

const team = (name: string) => ({ folderId: `t-${name}`, name });
const tree = [
  { folderId: 'p-b', name: 'bridge', teams: [team('Safety'), team('civil')] },
  { folderId: 'p-a', name: 'Apartments', teams: [team('Electrical'), team('Bridge crew')] },
  { folderId: 'p-h', name: 'Hospital', teams: [team('Plumbing')] },
];

describe('folder search (spec 4.2)', () => {
  it('sorts projects and teams case-insensitively by name', () => {
    const sorted = sortFolderTree(tree);
    expect(sorted.map((p) => p.name)).toEqual(['Apartments', 'bridge', 'Hospital']);
    expect(sorted[1]?.teams.map((t) => t.name)).toEqual(['civil', 'Safety']);
  });

  it('a project matching by name keeps all its teams', () => {
    const found = searchFolderTree(tree, 'BRIDGE');
    expect(found.map((p) => p.name)).toEqual(['Apartments', 'bridge']);
    expect(found[1]?.teams.map((t) => t.name)).toEqual(['civil', 'Safety']);
  });

  it('otherwise a project stays only with the teams that match', () => {
    const found = searchFolderTree(tree, 'bridge');
    expect(found[0]?.teams.map((t) => t.name)).toEqual(['Bridge crew']);
  });

  it('a project with no match anywhere is dropped', () => {
    expect(searchFolderTree(tree, 'plumb').map((p) => p.name)).toEqual(['Hospital']);
    expect(searchFolderTree(tree, 'zzz')).toEqual([]);
  });

  it('matches substrings and ignores surrounding spaces; an empty query keeps everything', () => {
    expect(searchFolderTree(tree, '  ectri ').map((p) => p.name)).toEqual(['Apartments']);
    expect(searchFolderTree(tree, '   ')).toHaveLength(3);
  });

  it('orders equal names stably', () => {
    expect(compareFolderNames({ folderId: '1', name: 'a' }, { folderId: '2', name: 'A' })).toBeGreaterThan(0);
    expect(compareFolderNames({ folderId: '1', name: 'Team 10' }, { folderId: '2', name: 'team 2' })).toBeGreaterThan(
      0,
    );
    expect(compareFolderNames({ folderId: '1', name: 'a' }, { folderId: '2', name: 'a' })).toBeLessThan(0);
  });
});
