import {
  adminOrderResponse,
  adminOrdersResponse,
  bulkRefundResponse,
  refundResponse,
  type BulkRefundBody,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const ordersKey = ['admin', 'orders'] as const;

export type OrderFilters = { search: string; status: string; labelType: string; from: string; to: string };

/** GET /admin/orders?search&status&labelType&from&to&page&limit */
export const useAdminOrders = (filters: OrderFilters, page: number) =>
  useQuery({
    queryKey: [...ordersKey, 'list', filters, page],
    queryFn: async () =>
      adminOrdersResponse.parse(
        await api.get('/admin/orders', {
          query: {
            ...filters,
            from: filters.from || undefined,
            to: filters.to || undefined,
            page,
            limit: 20,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /admin/orders/{id} */
export const useAdminOrder = (id: string | null) =>
  useQuery({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: async () => adminOrderResponse.parse(await api.get(`/admin/orders/${encodeURIComponent(id!)}`)),
    enabled: id !== null,
  });

/** A refund changes orders, balances, the queue and the audit trail: refresh what the console shows. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ordersKey, ['admin', 'refund-requests'], ['admin', 'resellers'], ['admin', 'audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
};

/** POST /admin/orders/{id}/refund with { reason } */
export const useRefundOrder = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      refundResponse.parse(await api.post(`/admin/orders/${encodeURIComponent(id)}/refund`, { reason })),
    onSettled: refresh,
  });
};

/** POST /admin/orders/refund with { ids, reason }: the selected rows. */
export const useRefundOrders = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: BulkRefundBody) =>
      bulkRefundResponse.parse(await api.post('/admin/orders/refund', body)),
    onSettled: refresh,
  });
};
