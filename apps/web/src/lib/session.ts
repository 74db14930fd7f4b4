import type { SessionUser } from '@portal/shared';
import { queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { getSession } from './session-check';

/**
 * The signed-in user as the signed-in app's data cache holds it (GET /auth/access, session-check.ts). It
 * lives in lib, not in a feature, because the shell and several features read it
 * (docs/decisions/011-web-app-structure.md). The cache starts with the startup check's answer.
 */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.session, queryFn: getSession, staleTime: 30_000, retry: false });

export const useSession = () => useQuery(sessionQueryOptions());

/**
 * After a purchase: the header shows the balance the answer carries straight away, then the session and the
 * lists the purchase touched (`queryKeys.orders.all`, ...) are read again.
 */
export const useAfterCharge = () => {
  const queryClient = useQueryClient();
  return async (balance: number, ...touched: QueryKey[]) => {
    queryClient.setQueryData<SessionUser | null>(queryKeys.session, (user) =>
      user ? { ...user, balance } : user,
    );
    await Promise.all(
      [queryKeys.session, ...touched].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
};
