import { providersResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The cache key of the providers list; the Providers page's writes refresh it, route editors read it. */
export const providersKey = ['admin', 'providers'] as const;

/** GET /admin/providers: the upstream providers with their health over the last hour. */
export const getProviders = async () => providersResponse.parse(await api.get('/admin/providers')).providers;

export const providersQueryOptions = () =>
  // Health changes as labels are bought: refreshed while the page is open.
  queryOptions({ queryKey: providersKey, queryFn: getProviders, refetchInterval: 30_000 });

export const useProviders = () => useQuery(providersQueryOptions());
