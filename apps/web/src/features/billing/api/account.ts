import { type Account, type AccountUsage, accountSchema, accountUsageSchema } from '@formwork/shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const billingKeys = {
  account: (workspaceId: string) => ['workspaces', workspaceId, 'account'] as const,
  usage: (workspaceId: string) => ['workspaces', workspaceId, 'usage'] as const,
};

/** Spec 3: the workspace's account with licences paid and used (admins and org controllers). */
export function useWorkspaceAccount(workspaceId: string) {
  return useQuery({
    queryKey: billingKeys.account(workspaceId),
    queryFn: () =>
      apiRequest<Account>(`/api/workspaces/${encodeURIComponent(workspaceId)}/account`, { response: accountSchema }),
  });
}

/** Spec 5.2: what the account uses of the plan limits, and which plans that usage exceeds. */
export function useAccountUsage(workspaceId: string) {
  return useQuery({
    queryKey: billingKeys.usage(workspaceId),
    queryFn: () =>
      apiRequest<AccountUsage>(`/api/workspaces/${encodeURIComponent(workspaceId)}/usage`, {
        response: accountUsageSchema,
      }),
  });
}
