import { providersResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /admin/providers: the upstream providers with their health over the last hour. */
export const getProviders = async () => providersResponse.parse(await api.get('/admin/providers')).providers;

export const providersQueryOptions = () =>
  // Health changes as labels are bought: refreshed while the page is open.
  queryOptions({ queryKey: queryKeys.admin.providers, queryFn: getProviders, refetchInterval: 30_000 });

export const useProviders = () => useQuery(providersQueryOptions());
