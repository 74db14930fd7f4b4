import { marginsResponse, overviewResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const MARGIN_DAYS = 30;

/** GET /admin/overview: today's figures, 30 days of labels and revenue, queues waiting for staff. */
export const getOverview = async () => overviewResponse.parse(await api.get('/admin/overview'));

/** GET /admin/margins?days=30: what labels bought upstream cost us beside what resellers paid. */
export const getMargins = async () =>
  marginsResponse.parse(await api.get('/admin/margins', { query: { days: MARGIN_DAYS } }));

export const overviewQueries = {
  overview: () =>
    queryOptions({ queryKey: queryKeys.admin.overview, queryFn: getOverview, refetchInterval: 60_000 }),
  margins: () =>
    queryOptions({
      queryKey: queryKeys.admin.margins(MARGIN_DAYS),
      queryFn: getMargins,
      refetchInterval: 60_000,
    }),
};

export const useOverview = () => useQuery(overviewQueries.overview());
export const useMargins = () => useQuery(overviewQueries.margins());
