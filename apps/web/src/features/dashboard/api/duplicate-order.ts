import { type SessionUser, duplicateOrderResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { sessionQueryKey } from '../../../lib/session';
import { ordersQueryKey } from './get-orders';

/** POST /order/duplicate/{id}: empty body; the same price is charged again; returns message. */
export const duplicateOrder = async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
  duplicateOrderResponse.parse(
    await api.post(`/order/duplicate/${encodeURIComponent(id)}`, undefined, {
      headers: idempotencyHeader(idempotencyKey),
    }),
  );

export const useDuplicateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateOrder,
    onSuccess: async ({ balance }) => {
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, balance } : user,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
};
