import { type ListDetail, type ListSummary, listDetailSchema, listsSchema } from '@formwork/shared/schemas/lists';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/**
 * The List Library as the template editor reads it (issue 18.5): list fields pick one of its
 * active lists, list-property fields one of that list's properties. Keys sit under the lists root
 * of the workspace, so a change made in the List Library refreshes them.
 */
const libraryKeys = {
  active: (companyId: string) => [...queryRoots.lists, companyId, 'editor', 'active'] as const,
  one: (companyId: string, listId: string) => [...queryRoots.lists, companyId, 'editor', 'list', listId] as const,
};

const enc = encodeURIComponent;

export function useLibraryLists(companyId: string) {
  return useQuery({
    queryKey: libraryKeys.active(companyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ lists: ListSummary[] }>(`/api/companies/${enc(companyId)}/lists?state=active`, {
          signal,
          response: listsSchema,
        })
      ).lists,
  });
}

export function useLibraryList(companyId: string, listId: string | null) {
  return useQuery({
    queryKey: libraryKeys.one(companyId, listId ?? ''),
    enabled: listId !== null,
    queryFn: ({ signal }) =>
      apiRequest<ListDetail>(`/api/companies/${enc(companyId)}/lists/${enc(listId ?? '')}`, {
        signal,
        response: listDetailSchema,
      }),
  });
}
