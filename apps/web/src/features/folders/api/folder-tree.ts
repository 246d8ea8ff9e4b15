import type { FolderKind } from '@formwork/shared/permissions';
import type {
  Folder,
  FolderState,
  FolderStateChangeResult,
  FolderTree,
  TreeState,
} from '@formwork/shared/schemas/folders';
import { folderTreeSchema } from '@formwork/shared/schemas/folders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys, broadest first. */
export const folderKeys = {
  all: queryRoots.folders,
  company: (companyId: string) => [...queryRoots.folders, companyId] as const,
  tree: (companyId: string, state: TreeState) => [...folderKeys.company(companyId), 'tree', state] as const,
  /** Which workspace holds a folder (the shell asks when it opens a folder by id). */
  companyOf: (kind: FolderKind | undefined, folderId: string | undefined) =>
    ['folder-company', kind, folderId] as const,
};

export function fetchFolderTree(companyId: string, state: TreeState): Promise<FolderTree> {
  return apiRequest<FolderTree>(`/api/companies/${encodeURIComponent(companyId)}/folders?state=${state}`, {
    // The first screen's call: in a production build the check (and zod with it) is left out of
    // the entry, as apiRequest skips it there anyway (ADR 0013).
    response: import.meta.env.PROD ? undefined : folderTreeSchema,
  });
}

/** The company folder tree in one state (spec 7). Errors are the caller's to handle (spec 6: 400/403). */
export function useFolderTree(companyId: string | null, state: TreeState) {
  return useQuery({
    queryKey: folderKeys.tree(companyId ?? '-', state),
    queryFn: () => fetchFolderTree(companyId as string, state),
    enabled: companyId !== null,
    meta: { handlesErrors: true },
  });
}

/**
 * Refreshes the trees and the activity feeds after a change. Queries about folders that no longer
 * exist (`gone`) are left alone: asking for them again would only answer 404 while the page that
 * showed them is being left.
 */
function useInvalidateFolders(companyId: string) {
  const queryClient = useQueryClient();
  return (gone: readonly string[] = []) => {
    const aboutGone = (queryKey: readonly unknown[]) => queryKey.some((part) => gone.includes(part as string));
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: folderKeys.company(companyId) }),
      queryClient.invalidateQueries({
        queryKey: queryRoots.activity,
        predicate: (query) => !aboutGone(query.queryKey),
      }),
    ]);
  };
}

export function useAddFolder(companyId: string) {
  const invalidate = useInvalidateFolders(companyId);
  return useMutation({
    mutationFn: ({ kind, parentId, name }: { kind: 'project' | 'team'; parentId: string; name: string }) =>
      apiRequest<Folder>(
        kind === 'project'
          ? `/api/companies/${encodeURIComponent(parentId)}/projects`
          : `/api/projects/${encodeURIComponent(parentId)}/teams`,
        { method: 'POST', body: { name } },
      ),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useRenameFolder(companyId: string) {
  const invalidate = useInvalidateFolders(companyId);
  return useMutation({
    mutationFn: ({ kind, folderId, name }: { kind: Exclude<FolderKind, 'company'>; folderId: string; name: string }) =>
      apiRequest<Folder>(`/api/${kind === 'project' ? 'projects' : 'teams'}/${encodeURIComponent(folderId)}`, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

/** Folders this browser deleted: their page is being left for the parent, not "not found". */
const deletedHere = new Set<string>();

/** Remembers folders the user deleted here (the folder-state change's success does it). */
export function rememberDeletedHere(folderIds: readonly string[]) {
  for (const id of folderIds) deletedHere.add(id);
}

/** Whether the user deleted this folder here (spec 4.2: the app then goes to the parent folder). */
export function wasDeletedHere(folderId: string): boolean {
  return deletedHere.has(folderId);
}

/**
 * PUT companies/{companyId}/folders-state with project and team ids (spec 4.2, 7). The refresh is
 * not awaited and a deleted folder is remembered: the caller moves to the parent folder, and the page
 * being left neither treats the folder as missing (no folderNotFound redirect) nor asks for it
 * again (no 404).
 */
export function useChangeFolderState(companyId: string) {
  const invalidate = useInvalidateFolders(companyId);
  return useMutation({
    mutationFn: ({ state, folders }: { state: FolderState; folders: string[] }) =>
      apiRequest<FolderStateChangeResult>(`/api/companies/${encodeURIComponent(companyId)}/folders-state`, {
        method: 'PUT',
        body: { state, folders },
      }),
    onSuccess: (_result, { state, folders }) => {
      if (state === 'deleted') rememberDeletedHere(folders);
      void invalidate(state === 'deleted' ? folders : []);
    },
    meta: { handlesErrors: true },
  });
}
