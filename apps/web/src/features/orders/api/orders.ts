import { createOrderResponse, type CreateOrderBody } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { queryKeys } from '../../../lib/query-keys';
import { useAfterCharge } from '../../../lib/session';

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
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: createOrder,
    // The header and the dashboard show the balance after the charge straight away.
    onSuccess: ({ balance }) => afterCharge(balance, queryKeys.orders.all),
    onError: async (error) => {
      // 409 "Prices changed, please review": show the new price before the reseller submits again.
      if (error instanceof ApiError && error.status === 409)
        await Promise.all(
          [queryKeys.orderPrice.all, queryKeys.labelTypes].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
    },
  });
};
