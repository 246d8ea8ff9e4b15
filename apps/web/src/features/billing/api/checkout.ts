import type { Continent } from '@formwork/shared/pricing';
import {
  type CheckoutOptions,
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutOptionsSchema,
  checkoutResponseSchema,
} from '@formwork/shared/schemas/checkout';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const checkoutKeys = {
  options: (workspaceId: string, continent: Continent | undefined) =>
    ['workspaces', workspaceId, 'checkout', continent ?? null] as const,
};

const url = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/checkout`;

/** Spec 5.6, 6, 9: whether checkout is offered, the currency, licences used, each plan's prices and limits. */
export function useCheckoutOptions(workspaceId: string, continent: Continent | undefined, enabled = true) {
  return useQuery({
    queryKey: checkoutKeys.options(workspaceId, continent),
    enabled,
    queryFn: () =>
      apiRequest<CheckoutOptions>(`${url(workspaceId)}${continent ? `?continent=${continent}` : ''}`, {
        response: checkoutOptionsSchema,
      }),
  });
}

/** Spec 7: the payment link; the server prices the order. The modal shows what goes wrong itself. */
export function useStartCheckout(workspaceId: string) {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (body: CheckoutRequest) =>
      apiRequest<CheckoutResponse>(url(workspaceId), { method: 'POST', body, response: checkoutResponseSchema }),
  });
}
