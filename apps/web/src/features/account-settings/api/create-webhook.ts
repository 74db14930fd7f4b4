import { type WebhookCreateBody, webhookSecretResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './webhook-keys';

/** POST /webhooks: a new endpoint; the answer carries its signing secret, shown this once. */
export const createWebhook = async (body: WebhookCreateBody) =>
  webhookSecretResponse.parse(await api.post('/webhooks', body));

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
};
