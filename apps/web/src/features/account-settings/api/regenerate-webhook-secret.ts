import { webhookSecretResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /webhooks/:id/secret: a new signing secret; the old one stops signing at once. */
export const regenerateWebhookSecret = async (id: string) =>
  webhookSecretResponse.parse(await api.post(`/webhooks/${id}/secret`));

export const useRegenerateWebhookSecret = () => useMutation({ mutationFn: regenerateWebhookSecret });
