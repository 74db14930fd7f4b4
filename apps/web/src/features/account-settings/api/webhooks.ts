import {
  messageResponse,
  webhookDeliveriesResponse,
  webhookEndpointResponse,
  webhookListResponse,
  webhookSecretResponse,
  webhookSentResponse,
  type WebhookCreateBody,
  type WebhookUpdateBody,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readQuery } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

/** The reseller's webhook endpoints and each one's delivery log. */
export const webhookQueries = {
  /** GET /webhooks: the reseller's endpoints (never their secrets). */
  list: () => readQuery(queryKeys.account.webhooks, webhookListResponse, '/webhooks'),
  /** GET /webhooks/:id/deliveries: the last 100, newest first; polled while any is still pending. */
  deliveries: (id: string) =>
    queryOptions({
      ...readQuery(
        queryKeys.account.webhookDeliveries(id),
        webhookDeliveriesResponse,
        `/webhooks/${id}/deliveries`,
      ),
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
    }),
};

export const useWebhooks = () => useQuery(webhookQueries.list());
export const useWebhookDeliveries = (id: string) => useQuery(webhookQueries.deliveries(id));

/** A write to the endpoints reads the list again; a new delivery reads that endpoint's log again. */
const useWebhookMutation = <In, Out>(call: (input: In) => Promise<Out>, logOf?: (input: In) => string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({
        queryKey: logOf ? webhookQueries.deliveries(logOf(input)).queryKey : webhookQueries.list().queryKey,
      }),
  });
};

/** POST /webhooks: a new endpoint; the answer carries its signing secret, shown this once. */
export const useCreateWebhook = () =>
  useWebhookMutation(async (body: WebhookCreateBody) =>
    webhookSecretResponse.parse(await api.post('/webhooks', body)),
  );

/** PATCH /webhooks/:id: URL, events, enabled. */
export const useUpdateWebhook = () =>
  useWebhookMutation(async ({ id, ...body }: WebhookUpdateBody & { id: string }) =>
    webhookEndpointResponse.parse(await api.patch(`/webhooks/${id}`, body)),
  );

/** DELETE /webhooks/:id: the endpoint and its delivery log. */
export const useDeleteWebhook = () =>
  useWebhookMutation(async (id: string) => messageResponse.parse(await api.delete(`/webhooks/${id}`)));

/** POST /webhooks/:id/secret: a new signing secret; the old one stops signing at once. */
export const useRegenerateWebhookSecret = () =>
  useMutation({
    mutationFn: async (id: string) => webhookSecretResponse.parse(await api.post(`/webhooks/${id}/secret`)),
  });

/** POST /webhooks/:id/test: queues a `test` event to the endpoint. */
export const useSendWebhookTest = () =>
  useWebhookMutation(
    async (id: string) => webhookSentResponse.parse(await api.post(`/webhooks/${id}/test`)),
    (id) => id,
  );

/** POST /webhooks/:id/deliveries/:deliveryId/resend: the same event again, as a new delivery. */
export const useResendWebhookDelivery = () =>
  useWebhookMutation(
    async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      webhookSentResponse.parse(await api.post(`/webhooks/${id}/deliveries/${deliveryId}/resend`)),
    ({ id }) => id,
  );
