import type { ListState } from '@formwork/shared/schemas/lists';

const level = (kind: 'company' | 'project') => (kind === 'company' ? 'companies' : 'projects');

/** Spec 2.2: the List Library (/lists/companies/{id}) or a project's Lists, in one state. */
export function listsPath(kind: 'company' | 'project', folderId: string, state: ListState = 'active'): string {
  return `/lists/${level(kind)}/${folderId}/${state}`;
}

/** Spec 2.2: one list, /lists/companies|projects/{id}/{listId}. */
export function listPath(kind: 'company' | 'project', folderId: string, listId: string): string {
  return `/lists/${level(kind)}/${folderId}/${listId}`;
}
