import { keepPreviousData, queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';
import { queryKeys } from './query-keys';

type QueryValue = string | number | boolean | undefined;

/** A list's filters as query string values: a filter left empty is not sent at all. */
export const withoutEmpty = (filters: Record<string, QueryValue>): Record<string, QueryValue> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

/** GET `path` (with `query`, its empty filters left out) and read the answer with its shared schema. */
export const getParsed = async <S extends z.ZodType>(
  schema: S,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<z.infer<S>> => schema.parse(await api.get(path, query && { query: withoutEmpty(query) }));

/** Refreshes the given cache areas together after a write (`queryKeys.admin.audit.all`, ...). */
export const useRefresh = (...areas: QueryKey[]) => {
  const queryClient = useQueryClient();
  return () => Promise.all(areas.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

/** After a staff write: its own areas and the audit log, which every staff write adds to. */
export const useStaffRefresh = (...areas: QueryKey[]) => useRefresh(...areas, queryKeys.admin.audit.all);

/** What a staff write that moves a reseller's balance changes besides its own list. */
export const BALANCE_AREAS: QueryKey[] = [queryKeys.admin.overview, queryKeys.admin.resellers.all];

/** What a refund changes, from whichever console page it was made: orders, the request queue, balances. */
export const REFUND_AREAS: QueryKey[] = [
  queryKeys.admin.orders.all,
  queryKeys.admin.refundRequests.all,
  queryKeys.admin.resellers.all,
];

/** A read: its cache key, and GET `path` read by its schema (`refetchInterval` and the like spread beside it). */
export const readQuery = <S extends z.ZodType, K extends QueryKey>(
  queryKey: K,
  schema: S,
  path: string,
  query?: Record<string, QueryValue>,
) => queryOptions({ queryKey, queryFn: () => getParsed(schema, path, query) });

/** A paged list's read: the page on screen stays while the next one loads. */
export const listQuery = <S extends z.ZodType, K extends QueryKey>(
  queryKey: K,
  schema: S,
  path: string,
  query: Record<string, QueryValue>,
) =>
  queryOptions({
    queryKey,
    queryFn: () => getParsed(schema, path, query),
    placeholderData: keepPreviousData,
  });
