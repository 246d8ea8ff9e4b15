import type { SsoConnection, SsoMappings, SsoTest } from '@formwork/shared/schemas/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { securityKeys } from './domains.ts';

const ssoPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/sso`;
const ssoKey = (workspaceId: string) => [...securityKeys.all, 'sso', workspaceId] as const;

/** GET /api/workspaces/:workspaceId/sso (workspace.edit): the connection, never its secret. */
export function useSsoConnection(workspaceId: string) {
  return useQuery({
    queryKey: ssoKey(workspaceId),
    queryFn: ({ signal }) => apiRequest<SsoConnection>(ssoPath(workspaceId), { signal }),
  });
}

/** A test's outcome, asked every 2 s until someone has signed in at the provider. */
export function useSsoTest(workspaceId: string, testId: string | null) {
  return useQuery({
    queryKey: [...ssoKey(workspaceId), 'test', testId],
    queryFn: ({ signal }) =>
      apiRequest<{ issuer: string; clientId: string; signedInEmail: string | null }>(
        `${ssoPath(workspaceId)}/tests/${encodeURIComponent(testId ?? '')}`,
        { signal },
      ),
    enabled: testId !== null,
    refetchInterval: (query) => (query.state.data?.signedInEmail ? false : 2000),
  });
}

export function useSsoActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ssoKey(workspaceId) });
  return {
    startTest: useMutation({
      mutationFn: (input: SsoTest) =>
        apiRequest<{ testId: string; authorizationUrl: string }>(`${ssoPath(workspaceId)}/tests`, {
          method: 'POST',
          body: input,
        }),
      meta: { handlesErrors: true },
    }),
    save: useMutation({
      mutationFn: (testId: string) =>
        apiRequest<SsoConnection>(ssoPath(workspaceId), { method: 'PUT', body: { testId } }),
      onSuccess: refresh,
      meta: { handlesErrors: true },
    }),
    disconnect: useMutation({
      mutationFn: () => apiRequest<void>(ssoPath(workspaceId), { method: 'DELETE' }),
      onSuccess: refresh,
      meta: { handlesErrors: true },
    }),
  };
}

export function useGroupMappings(workspaceId: string) {
  return useQuery({
    queryKey: [...ssoKey(workspaceId), 'mappings'],
    queryFn: ({ signal }) => apiRequest<SsoMappings>(`${ssoPath(workspaceId)}/group-mappings`, { signal }),
  });
}

export function useSaveGroupMappings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoMappings) =>
      apiRequest<SsoMappings>(`${ssoPath(workspaceId)}/group-mappings`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData([...ssoKey(workspaceId), 'mappings'], saved),
    meta: { handlesErrors: true },
  });
}
