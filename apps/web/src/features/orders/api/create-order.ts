import { type SessionUser, type CreateOrderBody, createOrderResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { sessionQueryKey } from '../../../lib/session';

/** POST /order/create (spec section 7): returns message, the new orders and the balance after the charge. */
export const createOrder = async ({
  body,
  idempotencyKey,
}: {
  body: CreateOrderBody;
  idempotencyKey: string;
}) =>
  createOrderResponse.parse(
    await api.post('/order/create', body, { headers: idempotencyHeader(idempotencyKey) }),
  );

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async ({ balance }) => {
      // The header and the dashboard show the balance after the charge straight away.
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, balance } : user,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
    onError: async (error) => {
      // 409 "Prices changed, please review": show the new price before the reseller submits again.
      if (error instanceof ApiError && error.status === 409)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['order-price'] }),
          queryClient.invalidateQueries({ queryKey: ['label-types'] }),
        ]);
    },
  });
};
