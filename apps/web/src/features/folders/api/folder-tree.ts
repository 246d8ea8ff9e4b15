import type { FolderKind } from '@formwork/shared/permissions';
import type {
  Folder,
  FolderState,
  FolderStateChangeResult,
  FolderTree,
  TreeState,
} from '@formwork/shared/schemas/folders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const foldersKey = (companyId: string) => ['folders', companyId] as const;
export const folderTreeKey = (companyId: string, state: TreeState) => ['folders', companyId, 'tree', state] as const;

export function fetchFolderTree(companyId: string, state: TreeState): Promise<FolderTree> {
  return apiRequest<FolderTree>(`/api/companies/${encodeURIComponent(companyId)}/folders?state=${state}`);
}

/** The company folder tree in one state (spec 7). Errors are the caller's to handle (spec 6: 400/403). */
export function useFolderTree(companyId: string | null, state: TreeState) {
  return useQuery({
    queryKey: folderTreeKey(companyId ?? '-', state),
    queryFn: () => fetchFolderTree(companyId as string, state),
    enabled: companyId !== null,
    meta: { handlesErrors: true },
  });
}

function useInvalidateFolders(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: foldersKey(companyId) }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
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

/** PUT companies/{companyId}/folders-state with project and team ids (spec 4.2, 7). */
export function useChangeFolderState(companyId: string) {
  const invalidate = useInvalidateFolders(companyId);
  return useMutation({
    mutationFn: ({ state, folders }: { state: FolderState; folders: string[] }) =>
      apiRequest<FolderStateChangeResult>(`/api/companies/${encodeURIComponent(companyId)}/folders-state`, {
        method: 'PUT',
        body: { state, folders },
      }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}
