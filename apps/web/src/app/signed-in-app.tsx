import type { SessionUser } from '@portal/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadToaster } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session';
import { signedInRoutes } from './routes/signed-in-routes';
import { SignedOutApp } from './signed-out-app';

/** The routes while the session holds; a later access check that finds it gone shows the signed-out app. */
function SessionRoutes() {
  const { data: user } = useSession();
  const [router] = useState(() => createBrowserRouter(signedInRoutes));
  return user ? <RouterProvider router={router} /> : <SignedOutApp />;
}

/**
 * Loaded on demand, so the Sign-In page does not download the shell, its pages or the data cache. The
 * cache starts with the user the startup access check found, as the session query's first answer.
 */
export default function SignedInApp({ user }: { user: SessionUser }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.session, user);
    return client;
  });
  // Toasts report this app's actions, failures offline included: fetch them now, not with the first one.
  useEffect(() => {
    loadToaster().catch(() => undefined);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionRoutes />
    </QueryClientProvider>
  );
}
