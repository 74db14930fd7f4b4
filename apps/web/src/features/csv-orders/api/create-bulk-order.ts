import { createBulkOrderResponse, type SessionUser } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { sessionQueryKey } from '../../../lib/session';
import { bulkOrdersQueryKey } from './get-bulk-orders';

export type CreateBulkOrderInput = {
  csv: File;
  labelType: string;
  /** The total the validation answered; the server refuses the purchase if its own total differs. */
  totalPrice: number;
  design?: string | undefined;
  /** The validation's address warnings were shown and the reseller chose "Buy anyway". */
  acceptAddressWarnings?: boolean | undefined;
  idempotencyKey: string;
};

/** POST /order/createOrderFromCSV (multipart: csv, type, total_price, design): charges and queues the labels. */
export async function createBulkOrder(input: CreateBulkOrderInput) {
  const { csv, labelType, totalPrice, design, acceptAddressWarnings, idempotencyKey } = input;
  const form = new FormData();
  form.append('type', labelType);
  form.append('total_price', totalPrice.toFixed(2));
  if (design) form.append('design', design);
  if (acceptAddressWarnings) form.append('acceptAddressWarnings', 'true');
  form.append('csv', csv, csv.name);
  return createBulkOrderResponse.parse(
    await api.post('/order/createOrderFromCSV', form, { headers: idempotencyHeader(idempotencyKey) }),
  );
}

export const useCreateBulkOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkOrder,
    onSuccess: async ({ balance }) => {
      // The header shows the balance after the charge straight away.
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, balance } : user,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: bulkOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
};
