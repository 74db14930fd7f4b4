import { orderResponse, POLL_INTERVAL_MS, type OrderView } from '@portal/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { hasNewsToCome } from '../../../lib/status-looks';
import { ordersQueryKey } from './get-orders';

/** GET /order/read/{id}: one order with its tracking timeline (`trackingEvents`, oldest first). */
export const getOrder = async (id: string): Promise<OrderView> =>
  orderResponse.parse(await api.get(`/order/read/${encodeURIComponent(id)}`)).order;

/** While the details are open and news can still come, ask again every 5 seconds. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'detail', id],
    queryFn: () => getOrder(id),
    refetchInterval: (query) =>
      query.state.data && hasNewsToCome(query.state.data) ? POLL_INTERVAL_MS : false,
  });

export const useOrder = (id: string | null) => useQuery({ ...orderQueryOptions(id ?? ''), enabled: !!id });

/**
 * When the open details learn something new (the parcel moved, a refund was settled), the list and its
 * counts behind the drawer refresh too, so closing it shows the same news.
 */
export function useListFollowsDetails(order: OrderView | undefined) {
  const queryClient = useQueryClient();
  const news = order ? `${order._id}:${order.status}:${order.trackingStatus}:${order.refundStatus}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = news;
    if (!news || !before || before === news || before.split(':')[0] !== news.split(':')[0]) return;
    void queryClient.invalidateQueries({
      queryKey: ordersQueryKey,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  }, [news, queryClient]);
}
