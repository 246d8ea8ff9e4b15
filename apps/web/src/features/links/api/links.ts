import { type Link, type LinkCreate, type LinkState, linkSchema, linksSchema } from '@formwork/shared/schemas/links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { fetchTemplateList, templateQueryKeys } from '../../../lib/template-query.ts';

/** Query keys of a team's submission links (issue 21): every change refreshes the team's links. */
export const linkKeys = {
  all: ['links'] as const,
  team: (teamId: string) => ['links', teamId] as const,
  list: (teamId: string, state: LinkState) => ['links', teamId, state] as const,
};

const enc = encodeURIComponent;
const teamUrl = (teamId: string) => `/api/teams/${enc(teamId)}/links`;
const linkUrl = (teamId: string, linkId: string) => `${teamUrl(teamId)}/${enc(linkId)}`;

export function useTeamLinks(teamId: string, state: LinkState) {
  return useQuery({
    queryKey: linkKeys.list(teamId, state),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ links: Link[] }>(`${teamUrl(teamId)}?state=${state}`, { signal, response: linksSchema }))
        .links,
  });
}

/** The team's active templates a link may offer (its own and those deployed to it). */
export function useLinkableTemplates(teamId: string) {
  return useQuery({
    queryKey: templateQueryKeys.list('team', teamId, 'active'),
    queryFn: () => fetchTemplateList('team', teamId, 'active'),
    select: (list) => list.templates.map((t) => ({ id: t.templateId, name: t.name })),
  });
}

function useLinkMutation<V, R>(teamId: string, run: (v: V) => Promise<R>, options: { handlesErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: linkKeys.team(teamId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

/** Make a link; the dialog shows the server's field errors itself. */
export function useCreateLink(teamId: string) {
  return useLinkMutation(
    teamId,
    (body: LinkCreate) => apiRequest<Link>(teamUrl(teamId), { method: 'POST', body, response: linkSchema }),
    { handlesErrors: true },
  );
}

export function useSetLinkState(teamId: string) {
  return useLinkMutation(teamId, ({ linkId, state }: { linkId: string; state: LinkState }) =>
    apiRequest<Link>(`${linkUrl(teamId, linkId)}/${state === 'archived' ? 'archive' : 'restore'}`, {
      method: 'POST',
      response: linkSchema,
    }),
  );
}

export function useDeleteLink(teamId: string) {
  return useLinkMutation(teamId, (linkId: string) =>
    apiRequest<{ id: string }>(linkUrl(teamId, linkId), { method: 'DELETE' }),
  );
}
