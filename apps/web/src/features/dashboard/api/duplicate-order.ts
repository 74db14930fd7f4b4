import { type SessionUser, duplicateOrderResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { sessionQueryKey } from '../../../lib/session';
import { ordersQueryKey } from './get-orders';

/**
 * POST /order/duplicate/{id}: priced like a new order today; with the unit price the dialog showed, a price
 * changed since is refused (409) instead of charged. Returns message, the new order and the balance.
 */
export const duplicateOrder = async ({
  id,
  idempotencyKey,
  expectedPrice,
}: {
  id: string;
  idempotencyKey: string;
  expectedPrice?: number;
}) =>
  duplicateOrderResponse.parse(
    await api.post(
      `/order/duplicate/${encodeURIComponent(id)}`,
      expectedPrice === undefined ? undefined : { expectedPrice },
      { headers: idempotencyHeader(idempotencyKey) },
    ),
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
