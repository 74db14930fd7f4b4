import { messageResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './webhook-keys';

/** DELETE /webhooks/:id: the endpoint and its delivery log. */
export const deleteWebhook = async (id: string) => messageResponse.parse(await api.delete(`/webhooks/${id}`));

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
};
