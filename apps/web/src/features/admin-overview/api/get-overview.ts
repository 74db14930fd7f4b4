import { overviewResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/overview: today's figures, 30 days of labels and revenue, queues waiting for staff. */
export const getOverview = async () => overviewResponse.parse(await api.get('/admin/overview'));

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: getOverview, refetchInterval: 60_000 });

export const useOverview = () => useQuery(overviewQueryOptions());
