import { webhookSentResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './webhook-keys';

/** POST /webhooks/:id/deliveries/:deliveryId/resend: the same event again, as a new delivery. */
export const resendWebhookDelivery = async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  webhookSentResponse.parse(await api.post(`/webhooks/${id}/deliveries/${deliveryId}/resend`));

export const useResendWebhookDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
  });
};
