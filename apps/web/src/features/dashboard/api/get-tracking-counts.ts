import { orderStatsResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

/** GET /order/stats: the dashboard's tracking counts (in transit, delivered, problems). */
export const trackingCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'stats'],
    queryFn: async () => orderStatsResponse.parse(await api.get('/order/stats')),
    select: (stats) => stats.tracking,
  });

export const useTrackingCounts = () => useQuery(trackingCountsQueryOptions());
