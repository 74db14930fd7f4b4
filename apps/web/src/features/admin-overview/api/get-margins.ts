import { marginsResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const MARGIN_DAYS = 30;

/** GET /admin/margins?days=30: what labels bought upstream cost us beside what resellers paid. */
export const getMargins = async () =>
  marginsResponse.parse(await api.get('/admin/margins', { query: { days: MARGIN_DAYS } }));

export const marginsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'margins', MARGIN_DAYS], queryFn: getMargins, refetchInterval: 60_000 });

export const useMargins = () => useQuery(marginsQueryOptions());
