import {
  type ListDetail,
  type ListImportFile,
  type ListImportPreview,
  type ListItem,
  type ListItemsPage,
  type ListPropertyType,
  type ListState,
  type ListSummary,
  listDetailSchema,
  listImportPreviewSchema,
  listItemSchema,
  listItemsPageSchema,
  listStateResultSchema,
  listsSchema,
} from '@formwork/shared/schemas/lists';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  items: (companyId: string, listId: string) => ['lists', companyId, 'list', listId, 'items'] as const,
  itemsSearch: (companyId: string, listId: string, search: string) =>
    ['lists', companyId, 'list', listId, 'items', search] as const,
};

export const listItemsPageSize = 200;

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

/** Issue 18.2: the items of a list in order, a page at a time (the editor scrolls through 50,000). */
export function useListItems(companyId: string, listId: string, search: string) {
  return useInfiniteQuery({
    queryKey: listKeys.itemsSearch(companyId, listId, search),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(listItemsPageSize) });
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ListItemsPage>(`${listUrl(companyId, listId)}/items?${params}`, {
        signal,
        response: listItemsPageSchema,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A change to one list's items or properties: refreshes the list and its items. */
function useOneListMutation<V, R>(companyId: string, listId: string, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: listKeys.one(companyId, listId) }),
  });
}

export function useCreateItem(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (body: { label: string }) =>
    apiRequest<ListItem>(`${listUrl(companyId, listId)}/items`, { method: 'POST', body, response: listItemSchema }),
  );
}

/** Inline edit: the saved item replaces its row in the loaded pages (no refetch of 50,000 items). */
export function useUpdateItem(companyId: string, listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { itemId: string; label?: string; colour?: string | null; values?: Record<string, string> }) => {
      const { itemId, ...body } = v;
      return apiRequest<ListItem>(`${listUrl(companyId, listId)}/items/${itemId}`, {
        method: 'PATCH',
        body,
        response: listItemSchema,
      });
    },
    onSuccess: (saved) =>
      client.setQueriesData<InfiniteData<ListItemsPage>>({ queryKey: listKeys.items(companyId, listId) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === saved.id ? saved : i)) })),
            }
          : data,
      ),
  });
}

export function useMoveItem(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (v: { itemId: string; afterItemId: string | null }) =>
    apiRequest<ListItem>(`${listUrl(companyId, listId)}/items/${v.itemId}/position`, {
      method: 'PUT',
      body: { afterItemId: v.afterItemId },
      response: listItemSchema,
    }),
  );
}

export function useDeleteItem(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (itemId: string) =>
    apiRequest(`${listUrl(companyId, listId)}/items/${itemId}`, { method: 'DELETE' }),
  );
}

export function useCreateProperty(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (body: { name: string; type: ListPropertyType }) =>
    apiRequest<ListDetail>(`${listUrl(companyId, listId)}/properties`, {
      method: 'POST',
      body,
      response: listDetailSchema,
    }),
  );
}

export function useRenameProperty(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (v: { propertyId: string; name: string }) =>
    apiRequest<ListDetail>(`${listUrl(companyId, listId)}/properties/${v.propertyId}`, {
      method: 'PATCH',
      body: { name: v.name },
      response: listDetailSchema,
    }),
  );
}

export function useDeleteProperty(companyId: string, listId: string) {
  return useOneListMutation(companyId, listId, (propertyId: string) =>
    apiRequest<ListDetail>(`${listUrl(companyId, listId)}/properties/${propertyId}`, {
      method: 'DELETE',
      response: listDetailSchema,
    }),
  );
}

export function usePreviewImport(companyId: string, listId: string) {
  return useMutation({
    mutationFn: (file: ListImportFile) =>
      apiRequest<ListImportPreview>(`${listUrl(companyId, listId)}/import/preview`, {
        method: 'POST',
        body: file,
        response: listImportPreviewSchema,
      }),
    meta: { handlesErrors: true },
  });
}

export function useApplyImport(companyId: string, listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: ListImportFile) =>
      apiRequest<ListDetail>(`${listUrl(companyId, listId)}/import`, {
        method: 'POST',
        body: file,
        response: listDetailSchema,
      }),
    meta: { handlesErrors: true },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: listKeys.workspace(companyId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}
