import { refundRequestResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

/** POST /order/refund-request/{id}: asks staff to refund a completed order; the reason is optional. */
export const requestRefund = async ({ id, reason }: { id: string; reason: string }) =>
  refundRequestResponse.parse(
    await api.post(`/order/refund-request/${encodeURIComponent(id)}`, reason.trim() ? { reason } : {}),
  );

export const useRequestRefund = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
