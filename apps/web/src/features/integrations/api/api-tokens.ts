import {
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  apiTokenCreatedSchema,
  apiTokenListSchema,
} from '@formwork/shared/schemas/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** Query keys of the signed-in person's API tokens (issue 24.2). */
export const apiTokenKeys = {
  all: ['integrations', 'api-tokens'] as const,
};

const tokensUrl = '/api/me/api-tokens';

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ tokens: ApiToken[] }>(tokensUrl, { signal, response: apiTokenListSchema })).tokens,
  });
}

/** Make a token; the dialog shows the server's field errors and then the secret, once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) =>
      apiRequest<ApiTokenCreated>(tokensUrl, { method: 'POST', body, response: apiTokenCreatedSchema }),
    meta: { handlesErrors: true },
    onSettled: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest<null>(`${tokensUrl}/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
