import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { useSession } from '../lib/session';
import { AppProvider } from './provider';
import { SignedOutApp } from './signed-out-app';

const SignedInApp = lazy(() => import('./signed-in-app'));

/** Session gate: spinner until the access check finishes, then the signed-in or signed-out app. */
function SessionGate() {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageLoader />;
  if (!user) return <SignedOutApp />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInApp />
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
