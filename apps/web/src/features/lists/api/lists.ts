import {
  type ListDetail,
  type ListState,
  type ListSummary,
  listDetailSchema,
  listStateResultSchema,
  listsSchema,
} from '@formwork/shared/schemas/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Where lists live: the company's List Library or a project's Lists (spec 2.2). */
export type ListFolder = { kind: 'company' | 'project'; folderId: string; companyId: string };

/** Query keys of lists: every change refreshes the lists of the workspace together. */
export const listKeys = {
  all: ['lists'] as const,
  workspace: (companyId: string) => ['lists', companyId] as const,
  folder: (companyId: string, folderId: string, state: ListState) =>
    ['lists', companyId, 'folder', folderId, state] as const,
  one: (companyId: string, listId: string) => ['lists', companyId, 'list', listId] as const,
};

function folderUrl(folder: ListFolder): string {
  const level = folder.kind === 'company' ? 'companies' : 'projects';
  return `/api/${level}/${encodeURIComponent(folder.folderId)}/lists`;
}

export function listUrl(companyId: string, listId: string): string {
  return `/api/companies/${encodeURIComponent(companyId)}/lists/${encodeURIComponent(listId)}`;
}

export function useFolderLists(folder: ListFolder, state: ListState) {
  return useQuery({
    queryKey: listKeys.folder(folder.companyId, folder.folderId, state),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ lists: ListSummary[] }>(`${folderUrl(folder)}?state=${state}`, {
          signal,
          response: listsSchema,
        })
      ).lists,
  });
}

export function useList(companyId: string, listId: string) {
  return useQuery({
    queryKey: listKeys.one(companyId, listId),
    queryFn: ({ signal }) => apiRequest<ListDetail>(listUrl(companyId, listId), { signal, response: listDetailSchema }),
  });
}

/** A change to the workspace's lists: refreshes them and the activity feeds. */
export function useListMutation<V, R>(
  companyId: string,
  run: (v: V) => Promise<R>,
  options: { handlesErrors?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: listKeys.workspace(companyId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

export function useCreateList(folder: ListFolder) {
  return useListMutation(
    folder.companyId,
    (name: string) =>
      apiRequest<ListDetail>(folderUrl(folder), { method: 'POST', body: { name }, response: listDetailSchema }),
    { handlesErrors: true },
  );
}

export function useRenameList(companyId: string) {
  return useListMutation(
    companyId,
    (v: { listId: string; name: string }) =>
      apiRequest<ListDetail>(listUrl(companyId, v.listId), {
        method: 'PATCH',
        body: { name: v.name },
        response: listDetailSchema,
      }),
    { handlesErrors: true },
  );
}

export function useSetListState(companyId: string) {
  return useListMutation(companyId, (v: { listId: string; state: ListState }) =>
    apiRequest<ListDetail>(`${listUrl(companyId, v.listId)}/${v.state === 'archived' ? 'archive' : 'restore'}`, {
      method: 'POST',
      response: listDetailSchema,
    }),
  );
}

export function useDeleteList(companyId: string) {
  return useListMutation(companyId, (listId: string) =>
    apiRequest(listUrl(companyId, listId), { method: 'DELETE', response: listStateResultSchema }),
  );
}
