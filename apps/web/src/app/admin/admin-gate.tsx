import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';
import { NotFoundPage } from '../../features/shell/pages/not-found-page';
import { useSession } from '../../lib/session';
import { SignedInLayout } from '../layouts/signed-in-layout';

/** The console is its own chunk: resellers never download it. */
const AdminConsole = lazy(() => import('./admin-console'));

/** `/admin/*`: the staff console for staff; for a reseller, the signed-in not-found screen. */
export function AdminGate() {
  const { data: user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <SignedInLayout>
        <NotFoundPage />
      </SignedInLayout>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AdminConsole />
    </Suspense>
  );
}
