import {
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhooksSchema,
} from '@formwork/shared/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { fetchTemplateList, templateQueryKeys } from '../../../lib/template-query.ts';

/** Query keys of a folder's webhooks (issue 24.1): every change refreshes the folder's hooks and logs. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  folder: (folderId: string) => ['webhooks', folderId] as const,
  list: (folderId: string) => ['webhooks', folderId, 'list'] as const,
  deliveries: (folderId: string, hookId: string) => ['webhooks', folderId, 'deliveries', hookId] as const,
};

const enc = encodeURIComponent;
const folderUrl = (folderId: string) => `/api/folders/${enc(folderId)}/webhooks`;
const hookUrl = (folderId: string, hookId: string) => `${folderUrl(folderId)}/${enc(hookId)}`;

/** How often an open delivery log looks again while a delivery is still pending. */
export const pendingRefreshMs = 2000;

export function useWebhooks(folderId: string) {
  return useQuery({
    queryKey: webhookKeys.list(folderId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ webhooks: Webhook[] }>(folderUrl(folderId), { signal, response: webhooksSchema })).webhooks,
  });
}

/** A hook's newest deliveries; looked at again while one is pending (a retry or a test on its way). */
export function useWebhookDeliveries(folderId: string, hookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(folderId, hookId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ deliveries: WebhookDelivery[] }>(`${hookUrl(folderId, hookId)}/deliveries`, {
          signal,
          response: webhookDeliveriesSchema,
        })
      ).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.state === 'pending' && d.attempts === 0) ? pendingRefreshMs : false,
  });
}

/** The templates a hook may be narrowed to: the Template Library at the company, the team's at a team. */
export function useWebhookTemplates(kind: 'company' | 'team', folderId: string) {
  return useQuery({
    queryKey: templateQueryKeys.list(kind, folderId, 'active'),
    queryFn: () => fetchTemplateList(kind, folderId, 'active'),
    select: (list) => list.templates.map((t) => ({ value: t.templateId, label: t.name })),
  });
}

function useWebhookMutation<V, R>(
  folderId: string,
  run: (v: V) => Promise<R>,
  options: { handlesErrors?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: webhookKeys.folder(folderId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

/** Add a hook; the dialog shows the server's field errors itself. */
export function useCreateWebhook(folderId: string) {
  return useWebhookMutation(
    folderId,
    (body: WebhookBody) => apiRequest<Webhook>(folderUrl(folderId), { method: 'POST', body, response: webhookSchema }),
    { handlesErrors: true },
  );
}

export function useUpdateWebhook(folderId: string) {
  return useWebhookMutation(
    folderId,
    ({ hookId, body }: { hookId: string; body: WebhookBody }) =>
      apiRequest<Webhook>(hookUrl(folderId, hookId), { method: 'PUT', body, response: webhookSchema }),
    { handlesErrors: true },
  );
}

export function useDeleteWebhook(folderId: string) {
  return useWebhookMutation(folderId, (hookId: string) =>
    apiRequest<{ id: string }>(hookUrl(folderId, hookId), { method: 'DELETE' }),
  );
}

export function useSendTestDelivery(folderId: string) {
  return useWebhookMutation(folderId, (hookId: string) =>
    apiRequest<WebhookDelivery>(`${hookUrl(folderId, hookId)}/test`, {
      method: 'POST',
      response: webhookDeliverySchema,
    }),
  );
}

export function useRedeliver(folderId: string) {
  return useWebhookMutation(folderId, ({ hookId, deliveryId }: { hookId: string; deliveryId: string }) =>
    apiRequest<WebhookDelivery>(`${hookUrl(folderId, hookId)}/deliveries/${enc(deliveryId)}/redeliver`, {
      method: 'POST',
      response: webhookDeliverySchema,
    }),
  );
}
