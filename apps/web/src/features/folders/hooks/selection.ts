/** Spec 4.2 bulk selection rules, pure so they are easy to test. */

export type SelectableTeam = { folderId: string };
export type SelectableProject = { folderId: string; teams: readonly SelectableTeam[] };
export type IsSelectable = (folderId: string, projectId: string | null) => boolean;

/** Selecting a project selects all its (selectable) teams; deselecting it deselects them too. */
export function toggleProject(
  selected: ReadonlySet<string>,
  project: SelectableProject,
  isSelectable: IsSelectable,
): Set<string> {
  const next = new Set(selected);
  const teams = project.teams.filter((t) => isSelectable(t.folderId, project.folderId)).map((t) => t.folderId);
  if (selected.has(project.folderId)) {
    next.delete(project.folderId);
    for (const id of teams) next.delete(id);
    return next;
  }
  if (!isSelectable(project.folderId, null)) return next;
  next.add(project.folderId);
  for (const id of teams) next.add(id);
  return next;
}

/** Selecting (or deselecting) a team deselects its parent project. */
export function toggleTeam(
  selected: ReadonlySet<string>,
  project: SelectableProject,
  teamId: string,
  isSelectable: IsSelectable,
): Set<string> {
  const next = new Set(selected);
  next.delete(project.folderId);
  if (selected.has(teamId)) next.delete(teamId);
  else if (isSelectable(teamId, project.folderId)) next.add(teamId);
  return next;
}

/** Every selectable project and team. */
export function selectAll(projects: readonly SelectableProject[], isSelectable: IsSelectable): Set<string> {
  const next = new Set<string>();
  for (const project of projects) {
    if (isSelectable(project.folderId, null)) next.add(project.folderId);
    for (const team of project.teams) if (isSelectable(team.folderId, project.folderId)) next.add(team.folderId);
  }
  return next;
}

export function allSelected(
  selected: ReadonlySet<string>,
  projects: readonly SelectableProject[],
  isSelectable: IsSelectable,
): boolean {
  const all = selectAll(projects, isSelectable);
  if (all.size === 0) return false;
  for (const id of all) if (!selected.has(id)) return false;
  return true;
}
