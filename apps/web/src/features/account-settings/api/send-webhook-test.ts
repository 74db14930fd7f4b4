import { webhookSentResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './webhook-keys';

/** POST /webhooks/:id/test: queues a `test` event to the endpoint. */
export const sendWebhookTest = async (id: string) =>
  webhookSentResponse.parse(await api.post(`/webhooks/${id}/test`));

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
  });
};
