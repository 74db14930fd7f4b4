import { Navigate, useLocation, useNavigate, type RouteObject } from 'react-router';
import { Router } from 'wouter';
import { ErrorScreen } from '../../components/error-screen';
import { AddressesPage } from '../../features/addresses/pages/addresses-page';
import { AmazonCsvPage } from '../../features/amazon-csv/pages/amazon-csv-page';
import { FedexOrderPage } from '../../features/courier/pages/fedex-order-page';
import { CsvOrdersPage } from '../../features/csv-orders/pages/csv-orders-page';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { DepositsPage } from '../../features/deposits/pages/deposits-page';
import { QuickOrderPage } from '../../features/orders/pages/quick-order-page';
import { SimpleOrderPage } from '../../features/orders/pages/simple-order-page';
import { ApiDocsPage } from '../../features/reseller-api/pages/api-docs-page';
import { ShippingDayPage } from '../../features/shipping-day/pages/shipping-day-page';
import { AccountSettingsPage } from '../../features/account-settings/pages/account-settings-page';
import { VerifyEmailPage } from '../../features/account-recovery/pages/verify-email-page';
import { NotFoundPage } from '../../features/shell/pages/not-found-page';
import { JoinTeamPage } from '../../features/team/pages/join-team-page';
import { TeamActivityPage } from '../../features/team/pages/team-activity-page';
import { TeamPage } from '../../features/team/pages/team-page';
import { RoleGate } from '../../components/role-gate';
import { AdminGate } from '../admin/admin-gate';
import { SignedInLayout } from '../layouts/signed-in-layout';
import { SignedOutLayout } from '../layouts/signed-out-layout';

/**
 * The signed-out screens route with wouter (decision 224); inside the signed-in app their links and
 * redirects go through React Router, so it sees every move.
 */
function useReactRouterLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return [pathname, (to, options) => void navigate(to, { replace: options?.replace })];
}

/** Verify Email in the signed-out frame, for Account Settings' new e-mail. */
function VerifyEmailScreen() {
  return (
    <Router hook={useReactRouterLocation}>
      <SignedOutLayout>
        <VerifyEmailPage />
      </SignedOutLayout>
    </Router>
  );
}

/**
 * Signed in: the shell around every page. Matching is case-insensitive, so `/createorders` (spec) and
 * `/createOrders` (menu) both open Simple Order.
 */
export const signedInRoutes: RouteObject[] = [
  // Account Settings leads here after adding an e-mail: the OTP form, outside the shell like when signed out.
  { path: 'verify', element: <VerifyEmailScreen />, errorElement: <ErrorScreen /> },
  // The staff console has its own layout; a reseller gets the shell's not-found screen there.
  { path: 'admin/*', element: <AdminGate />, errorElement: <ErrorScreen /> },
  {
    element: <SignedInLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <DashboardPage /> },
      {
        path: 'createOrders',
        element: (
          <RoleGate permission="orders.buy">
            <SimpleOrderPage />
          </RoleGate>
        ),
      },
      {
        path: 'quick-order',
        element: (
          <RoleGate permission="orders.buy">
            <QuickOrderPage />
          </RoleGate>
        ),
      },
      { path: 'csv-orders', element: <CsvOrdersPage /> },
      { path: 'fedex-order', element: <FedexOrderPage /> },
      {
        path: 'amazon-csv',
        element: (
          <RoleGate permission="orders.buy">
            <AmazonCsvPage />
          </RoleGate>
        ),
      },
      {
        path: 'deposits',
        element: (
          <RoleGate permission="deposits.read">
            <DepositsPage />
          </RoleGate>
        ),
      },
      {
        path: 'address',
        element: (
          <RoleGate permission="addresses.read">
            <AddressesPage />
          </RoleGate>
        ),
      },
      { path: 'api-docs', element: <ApiDocsPage /> },
      { path: 'shipping-day', element: <ShippingDayPage /> },
      { path: 'settings', element: <AccountSettingsPage /> },
      { path: 'team', element: <TeamPage /> },
      {
        path: 'team/activity',
        element: (
          <RoleGate permission="activity.read">
            <TeamActivityPage />
          </RoleGate>
        ),
      },
      { path: 'team/join', element: <JoinTeamPage /> },
      { path: 'login', element: <Navigate to="/" replace /> },
      { path: 'register', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
