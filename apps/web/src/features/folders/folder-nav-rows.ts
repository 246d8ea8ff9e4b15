import type { TreeProject } from '@formwork/shared/schemas/folders';

/** One row of the folder navigation's virtual list. */
export type NavRow =
  | { type: 'new-project'; key: string }
  | { type: 'project'; key: string; project: TreeProject }
  | { type: 'team'; key: string; project: TreeProject; team: TreeProject['teams'][number] }
  | { type: 'new-team'; key: string; project: TreeProject };

/** What is being typed inline: a new project, a new team of a project, or a new name. */
export type NavEditing =
  | { type: 'new-project' }
  | { type: 'new-team'; projectId: string }
  | { type: 'rename'; kind: 'project' | 'team'; folderId: string; name: string }
  | null;

/** A row's height in pixels (the virtual list's estimate). */
export const rowHeight = (row: NavRow | undefined) => (row?.type === 'project' ? 36 : row?.type === 'team' ? 32 : 40);

/**
 * The rows shown: the inline new-project input first, then each shown project with its teams when
 * it is expanded (all of them while searching, or while a team is being added to it).
 */
export function navRows(
  projects: readonly TreeProject[],
  { editing, searching, isExpanded }: { editing: NavEditing; searching: boolean; isExpanded: (id: string) => boolean },
): NavRow[] {
  const list: NavRow[] = [];
  if (editing?.type === 'new-project') list.push({ type: 'new-project', key: 'new-project' });
  for (const project of projects) {
    list.push({ type: 'project', key: project.folderId, project });
    const creatingTeam = editing?.type === 'new-team' && editing.projectId === project.folderId;
    if (searching || isExpanded(project.folderId) || creatingTeam) {
      for (const team of project.teams) list.push({ type: 'team', key: team.folderId, project, team });
    }
    if (creatingTeam) list.push({ type: 'new-team', key: `new-team:${project.folderId}`, project });
  }
  return list;
}
