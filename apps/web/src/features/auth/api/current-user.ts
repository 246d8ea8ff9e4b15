import type { CurrentUser, UpdateCurrentUser } from '@formwork/shared/schemas/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys. */
export const authKeys = { me: queryRoots.me, mySignature: [...queryRoots.me, 'signature'] as const };

export function useCurrentUser() {
  return useQuery({ queryKey: authKeys.me, queryFn: () => apiRequest<CurrentUser>('/api/me') });
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCurrentUser) => apiRequest<CurrentUser>('/api/me', { method: 'PATCH', body: changes }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
    meta: { handlesErrors: true },
  });
}
