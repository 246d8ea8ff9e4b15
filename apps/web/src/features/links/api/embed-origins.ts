import type { EmbedOrigins } from '@formwork/shared/schemas/embeds';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/teams/:teamId/embed-origins (link.manage): the sites that may show the team's links embedded. */
export function useTeamEmbedOrigins(teamId: string) {
  return useQuery({
    queryKey: ['links', teamId, 'embed-origins'],
    queryFn: ({ signal }) =>
      apiRequest<EmbedOrigins>(`/api/teams/${encodeURIComponent(teamId)}/embed-origins`, { signal }).then(
        (r) => r.origins,
      ),
  });
}
