import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession } from './session-check';

/**
 * The signed-in user as the signed-in app's data cache holds it (GET /auth/access, session-check.ts). It
 * lives in lib, not in a feature, because the shell and several features read it
 * (docs/decisions/011-web-app-structure.md). The cache starts with the startup check's answer.
 */
export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 30_000, retry: false });

export const useSession = () => useQuery(sessionQueryOptions());
