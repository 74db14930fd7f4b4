import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { shouldRetryRead } from './api-client';
import { heldAddressWarnings } from './address-hold';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `inlineErrors`: the screen shows the failure itself (on its fields or in a panel), so no toast. */
    mutationMeta: { inlineErrors?: boolean };
  }
}

/** Reads fail quietly (spec section 8: only logged); actions toast the server's message. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.warn('Request failed', query.queryKey, error.message),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // A purchase held for its addresses shows them in the amber panel: a warning, not an error.
        if (!mutation.meta?.inlineErrors && !heldAddressWarnings(error)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: shouldRetryRead,
      },
      mutations: { retry: false },
    },
  });
}
