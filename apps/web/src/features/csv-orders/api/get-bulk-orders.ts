import { POLL_INTERVAL_MS, bulkOrderListResponse, type BulkOrderView } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type BulkOrderList = z.infer<typeof bulkOrderListResponse>;
export const BULK_PAGE_SIZE = 10;

/** GET /order/read-bulk-orders?page&limit: the reseller's CSV orders, newest first. */
export const getBulkOrders = async (page: number): Promise<BulkOrderList> =>
  bulkOrderListResponse.parse(
    await api.get('/order/read-bulk-orders', { query: { page, limit: BULK_PAGE_SIZE } }),
  );

export const bulkOrdersQueryKey = ['bulk-orders'] as const;

/** While any bulk order still has labels to make, ask again every 5 seconds (spec section 4). */
export const pollWhileProcessing = (orders: BulkOrderView[] | undefined): number | false =>
  orders?.some((order) => order.status !== 'Completed') ? POLL_INTERVAL_MS : false;

export const bulkOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...bulkOrdersQueryKey, page],
    queryFn: () => getBulkOrders(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileProcessing(query.state.data?.orders),
  });

export const useBulkOrders = (page: number) => useQuery(bulkOrdersQueryOptions(page));
