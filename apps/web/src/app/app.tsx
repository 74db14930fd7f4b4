import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { useStartupSession } from '../lib/session-check';
import { AppProvider } from './provider';
import { SignedOutApp } from './signed-out-app';

const SignedInApp = lazy(() => import('./signed-in-app'));

/**
 * Session gate: spinner until the access check finishes, then the signed-in app (loaded on demand, with
 * the data cache) or the signed-out app. Without a token there is nothing to check.
 */
function SessionGate() {
  const { user, isPending } = useStartupSession();
  if (isPending) return <FullPageLoader />;
  if (!user) return <SignedOutApp />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}

export function App() {
  return (
    <AppProvider>
      <SessionGate />
    </AppProvider>
  );
}
