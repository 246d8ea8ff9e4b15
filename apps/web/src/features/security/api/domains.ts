import type { VerifiedDomain } from '@formwork/shared/schemas/domains';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys, broadest first. */
export const securityKeys = {
  all: queryRoots.security,
  domains: (workspaceId: string) => [...queryRoots.security, 'domains', workspaceId] as const,
};

const domainsPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/domains`;
const domainPath = (workspaceId: string, domain: string) => `${domainsPath(workspaceId)}/${encodeURIComponent(domain)}`;

/** GET /api/workspaces/:workspaceId/domains (workspace.edit). */
export function useDomains(workspaceId: string) {
  return useQuery({
    queryKey: securityKeys.domains(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest<{ domains: VerifiedDomain[] }>(domainsPath(workspaceId), { signal }).then((r) => r.domains),
  });
}

/** Adding, proving and removing a domain; each refreshes the list. Errors are shown by the section. */
export function useDomainActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.domains(workspaceId) });
  const options = { onSuccess: refresh, meta: { handlesErrors: true } };
  return {
    add: useMutation({
      mutationFn: (domain: string) =>
        apiRequest<VerifiedDomain>(domainsPath(workspaceId), { method: 'POST', body: { domain } }),
      ...options,
    }),
    checkDns: useMutation({
      mutationFn: (domain: string) =>
        apiRequest<VerifiedDomain>(`${domainPath(workspaceId, domain)}/dns-check`, { method: 'POST' }),
      ...options,
    }),
    sendLink: useMutation({
      mutationFn: (input: { domain: string; email: string }) =>
        apiRequest<VerifiedDomain>(`${domainPath(workspaceId, input.domain)}/email-link`, {
          method: 'POST',
          body: { email: input.email },
        }),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (domain: string) => apiRequest<void>(domainPath(workspaceId, domain), { method: 'DELETE' }),
      ...options,
    }),
  };
}

/** POST /api/domain-verifications: opening an e-mailed proving link (no sign-in needed). */
export function useOpenDomainLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ domain: string }>('/api/domain-verifications', {
        method: 'POST',
        body: { token },
        anonymous: true,
      }),
    meta: { handlesErrors: true },
  });
}
