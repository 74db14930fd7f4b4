import { orderResponse, POLL_INTERVAL_MS, type OrderView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
