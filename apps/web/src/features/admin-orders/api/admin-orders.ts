import {
  adminOrderResponse,
  adminOrdersResponse,
  bulkRefundResponse,
  POLL_INTERVAL_MS,
  refundResponse,
  type BulkRefundBody,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getParsed, listQuery, REFUND_AREAS, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';
import { hasNewsToCome } from '../../../lib/status-styles';

export type OrderFilters = {
  search: string;
  status: string;
  trackingStatus: string;
  labelType: string;
  from: string;
  to: string;
};

export const adminOrderQueries = {
  /** GET /admin/orders?search&status&trackingStatus&labelType&from&to&page&limit */
  list: (filters: OrderFilters, page: number) =>
    queryOptions({
      ...listQuery(queryKeys.admin.orders.list(filters, page), adminOrdersResponse, '/admin/orders', {
        ...filters,
        page,
        limit: 20,
      }),
      // Labels being made and refunds the provider has not answered yet change on their own.
      refetchInterval: (query) =>
        query.state.data?.orders.some(
          (o) => o.status === 'pending' || o.status === 'processing' || o.refundStatus === 'submitted',
        )
          ? POLL_INTERVAL_MS
          : false,
    }),
  /** GET /admin/orders/{id} */
  detail: (id: string | null) =>
    queryOptions({
      queryKey: queryKeys.admin.orders.detail(id),
      queryFn: () => getParsed(adminOrderResponse, `/admin/orders/${encodeURIComponent(id!)}`),
      enabled: id !== null,
      // Open details follow the label, the parcel and a refund waiting for the provider.
      refetchInterval: (query) =>
        query.state.data && hasNewsToCome(query.state.data.order) ? POLL_INTERVAL_MS : false,
    }),
};

export const useAdminOrders = (filters: OrderFilters, page: number) =>
  useQuery(adminOrderQueries.list(filters, page));
export const useAdminOrder = (id: string | null) => useQuery(adminOrderQueries.detail(id));

/** A refund changes orders, balances, the queue and the audit trail: refresh what the console shows. */
const useRefreshAfterRefund = () => useStaffRefresh(...REFUND_AREAS);

/** POST /admin/orders/{id}/refund with { reason } */
export const useRefundOrder = () => {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      refundResponse.parse(await api.post(`/admin/orders/${encodeURIComponent(id)}/refund`, { reason })),
    onSettled: refresh,
  });
};

/** POST /admin/orders/refund with { ids, reason }: the selected rows. */
export const useRefundOrders = () => {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: async (body: BulkRefundBody) =>
      bulkRefundResponse.parse(await api.post('/admin/orders/refund', body)),
    onSettled: refresh,
  });
};
