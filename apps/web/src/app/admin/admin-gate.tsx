import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';
import { StaffTwoFactorSetup } from './staff-two-factor-setup';
import { NotFoundPage } from '../../features/shell/pages/not-found-page';
import { useSession } from '../../lib/session';
import { SignedInLayout } from '../layouts/signed-in-layout';

/** The console is its own chunk: resellers never download it. */
const AdminConsole = lazy(() => import('./admin-console'));

/**
 * `/admin/*`: the staff console for staff with a second factor, its setup for staff without one; for a
 * reseller, the signed-in not-found screen.
 */
export function AdminGate() {
  const { data: user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <SignedInLayout>
        <NotFoundPage />
      </SignedInLayout>
    );
  }
  // Staff sign in with a second factor: until they have one the server refuses the console, so lead them.
  if (!user.twoFactorEnabled) {
    return (
      <SignedInLayout>
        <StaffTwoFactorSetup />
      </SignedInLayout>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AdminConsole />
    </Suspense>
  );
}
