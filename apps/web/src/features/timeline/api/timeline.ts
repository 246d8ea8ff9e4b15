import type { FormActionResult, timelinePageSchema } from '@formwork/shared/schemas/forms';
import type { TemplateList } from '@formwork/shared/schemas/templates';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';

export type TimelinePage = z.infer<typeof timelinePageSchema>;
export type TimelineForm = TimelinePage['forms'][number];
const enc = encodeURIComponent;
export const timelinePageSize = 20;

/** The team's forms as a dated feed, newest first, keyset-paged. */
export function useTimeline(teamId: string, state: 'active' | 'archived', templateId?: string) {
  return useInfiniteQuery({
    queryKey: ['forms', 'timeline', teamId, state, templateId ?? null],
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
    queryKey: ['templates', 'list', 'team', teamId, 'active'],
    queryFn: () => apiRequest<TemplateList>(`/api/teams/${enc(teamId)}/templates?state=active`),
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
        queryClient.invalidateQueries({ queryKey: ['forms'] }),
        queryClient.invalidateQueries({ queryKey: ['activity'] }),
      ]),
    meta: { handlesErrors: true },
  });
}
