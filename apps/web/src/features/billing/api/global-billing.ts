import { type BillingContact, type GlobalBilling, globalBillingSchema } from '@formwork/shared/schemas/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

const globalBillingKey = (workspaceId: string) => ['workspaces', workspaceId, 'global-billing'] as const;
const globalBillingUrl = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

/** Spec 2.6 Global Billing: the account's billing contact and the payments made through the checkout. */
export function useGlobalBilling(workspaceId: string) {
  return useQuery({
    queryKey: globalBillingKey(workspaceId),
    queryFn: () =>
      apiRequest<GlobalBilling>(`${globalBillingUrl(workspaceId)}/global-billing`, { response: globalBillingSchema }),
  });
}

/** PUT the billing contact (org controllers); the tab shows what the server answers. */
export function useSetBillingContact(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: BillingContact) =>
      apiRequest<GlobalBilling>(`${globalBillingUrl(workspaceId)}/billing-contact`, {
        method: 'PUT',
        body: contact,
        response: globalBillingSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(globalBillingKey(workspaceId), saved),
  });
}
