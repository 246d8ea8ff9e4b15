import type { FormActionResult, timelinePageSchema } from '@formwork/shared/schemas/forms';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { fetchTemplateList, templateQueryKeys } from '../../../lib/template-query.ts';

export type TimelinePage = z.infer<typeof timelinePageSchema>;
export type TimelineForm = TimelinePage['forms'][number];
const enc = encodeURIComponent;
export const timelinePageSize = 20;

/** The feature's query keys: the timeline's pages are forms (refreshed with them). */
export const timelineKeys = {
  pages: (teamId: string, state: 'active' | 'archived', templateId?: string) =>
    [...queryRoots.forms, 'timeline', teamId, state, templateId ?? null] as const,
  pdfExport: (teamId: string, exportId: string | null) => ['pdf-exports', teamId, exportId] as const,
};

/** The team's forms as a dated feed, newest first, keyset-paged. */
export function useTimeline(teamId: string, state: 'active' | 'archived', templateId?: string) {
  return useInfiniteQuery({
    queryKey: timelineKeys.pages(teamId, state, templateId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state, limit: String(timelinePageSize) });
      if (templateId) params.set('templateId', templateId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<TimelinePage>(`/api/teams/${enc(teamId)}/timeline?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The team's templates: what New form offers, and the registers and boards to open. */
export function useTeamTemplates(teamId: string) {
  return useQuery({
    queryKey: templateQueryKeys.list('team', teamId, 'active'),
    queryFn: () => fetchTemplateList('team', teamId, 'active'),
    enabled: teamId !== '',
  });
}

export type FormChange = 'archive' | 'restore' | 'delete';

/** Archive, restore or delete forms; each is answered on its own. */
export function useChangeForms(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, formIds }: { change: FormChange; formIds: string[] }) =>
      apiRequest<FormActionResult>(`/api/teams/${enc(teamId)}/forms/${change}`, { method: 'POST', body: { formIds } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.forms }),
        queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
      ]),
    meta: { handlesErrors: true },
  });
}
