import type { EmbedOrigins } from '@formwork/shared/schemas/embeds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

const embedOriginsKey = (workspaceId: string) => [...queryRoots.security, 'embed-origins', workspaceId] as const;
const embedOriginsPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/embed-origins`;

/** GET /api/workspaces/:workspaceId/embed-origins (workspace.edit). */
export function useEmbedOrigins(workspaceId: string) {
  return useQuery({
    queryKey: embedOriginsKey(workspaceId),
    queryFn: ({ signal }) => apiRequest<EmbedOrigins>(embedOriginsPath(workspaceId), { signal }).then((r) => r.origins),
  });
}

/** PUT the whole list; the answer (normalised, sorted) becomes the shown list. Errors are shown by the section. */
export function useSetEmbedOrigins(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) =>
      apiRequest<EmbedOrigins>(embedOriginsPath(workspaceId), { method: 'PUT', body: { origins } }),
    onSuccess: (answer) => queryClient.setQueryData(embedOriginsKey(workspaceId), answer.origins),
    meta: { handlesErrors: true },
  });
}
