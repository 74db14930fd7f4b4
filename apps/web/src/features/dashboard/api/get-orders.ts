import { POLL_INTERVAL_MS, orderListResponse, type OrderView, type TrackingStatus } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refundStateOf } from '../../../lib/status-looks';
import { isOpenStatus } from '../lib/order-status';

export type OrderListParams = {
  search: string;
  status: string;
  /** One tracking status (`delivered`), or none for every order. */
  trackingStatus?: TrackingStatus;
  sort: 'des' | 'asc';
  page: number;
  limit: number;
};
export type OrderList = z.infer<typeof orderListResponse>;

/** GET /order/read?search&status&sort&page&limit: returns orders, totalPages, total (spec section 7). */
export const getOrders = async (params: OrderListParams): Promise<OrderList> =>
  orderListResponse.parse(await api.get('/order/read', { query: params }));

/** Every order query starts with this key, so placing or duplicating an order refreshes them all. */
export const ordersQueryKey = ['orders'] as const;

/**
 * While an order's label is still being made (spec section 4), or the provider has been asked to void its
 * label and has not answered yet, ask again every 5 seconds (a request waiting for staff does not poll).
 */
export const pollWhileOpen = (orders: OrderView[] | undefined): number | false =>
  orders?.some((order) => isOpenStatus(order.status) || refundStateOf(order).status === 'submitted')
    ? POLL_INTERVAL_MS
    : false;

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', params],
    queryFn: () => getOrders(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileOpen(query.state.data?.orders),
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));

/** The orders count card: the same call, one row, no filter; `total` is the count. */
export const ordersCountQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'count'],
    queryFn: () => getOrders({ search: '', status: 'All', sort: 'des', page: 1, limit: 1 }),
    select: (list) => list.total,
  });

export const useOrdersCount = () => useQuery(ordersCountQueryOptions());
