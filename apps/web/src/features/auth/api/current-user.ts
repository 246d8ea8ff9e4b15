import type { CurrentUser, UpdateCurrentUser } from '@formwork/shared/schemas/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const currentUserKey = ['me'] as const;

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: () => apiRequest<CurrentUser>('/api/me') });
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCurrentUser) => apiRequest<CurrentUser>('/api/me', { method: 'PATCH', body: changes }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
    meta: { handlesErrors: true },
  });
}
