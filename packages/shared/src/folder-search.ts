/**
 * Spec 4.2 folder search and order: case-insensitive substring on project or team name. A project
 * matching by name keeps all its teams; otherwise it stays only with the teams that match. Projects
 * and teams are sorted case-insensitively by name, numbers by value ("Team 2" before "Team 10").
 * Pure: the server sorts with it, the web searches.
 */

export type NamedFolder = { folderId: string; name: string };
export type ProjectWithTeams<T extends NamedFolder = NamedFolder> = NamedFolder & { teams: readonly T[] };

/** The name as it sorts: lower case, runs of digits padded so they compare by value. */
export function nameSortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

/** Case-insensitive, numbers by value; ties broken by the exact name, then the id, so it is stable. */
export function compareFolderNames(a: NamedFolder, b: NamedFolder): number {
  const x = nameSortKey(a.name);
  const y = nameSortKey(b.name);
  if (x !== y) return x < y ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.folderId < b.folderId ? -1 : a.folderId > b.folderId ? 1 : 0;
}

/** The same order as compareFolderNames, keying each name once (for tens of thousands of folders). */
export function sortByName<F extends NamedFolder>(list: readonly F[]): F[] {
  const keyed = list.map((folder) => ({ key: nameSortKey(folder.name), folder }));
  keyed.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : compareFolderNames(a.folder, b.folder)));
  return keyed.map((k) => k.folder);
}

/** Projects and their teams, sorted (new arrays; the input is not changed). */
export function sortFolderTree<P extends ProjectWithTeams>(projects: readonly P[]): P[] {
  return sortByName(projects.map((p) => ({ ...p, teams: sortByName(p.teams) })));
}

export function searchFolderTree<P extends ProjectWithTeams>(projects: readonly P[], query: string): P[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return sortFolderTree(projects);
  const matches = (f: NamedFolder) => f.name.toLowerCase().includes(needle);
  const kept: P[] = [];
  for (const project of projects) {
    if (matches(project)) {
      kept.push(project);
      continue;
    }
    const teams = project.teams.filter(matches);
    if (teams.length > 0) kept.push({ ...project, teams });
  }
  return sortFolderTree(kept);
}
