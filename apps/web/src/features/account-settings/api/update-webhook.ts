import { type WebhookUpdateBody, webhookEndpointResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './webhook-keys';

/** PATCH /webhooks/:id: URL, events, enabled. */
export const updateWebhook = async ({ id, ...body }: WebhookUpdateBody & { id: string }) =>
  webhookEndpointResponse.parse(await api.patch(`/webhooks/${id}`, body));

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
};
