import { Navigate, type RouteObject } from 'react-router';
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
import { AccountSettingsPage } from '../../features/account-settings/pages/account-settings-page';
import { VerifyEmailPage } from '../../features/account-recovery/pages/verify-email-page';
import { NotFoundPage } from '../../features/shell/pages/not-found-page';
import { AdminGate } from '../admin/admin-gate';
import { SignedInLayout } from '../layouts/signed-in-layout';
import { SignedOutLayout } from '../layouts/signed-out-layout';

/**
 * Signed in: the shell around every page. Matching is case-insensitive, so `/createorders` (spec) and
 * `/createOrders` (menu) both open Simple Order.
 */
export const signedInRoutes: RouteObject[] = [
  // Account Settings leads here after adding an e-mail: the OTP form, outside the shell like when signed out.
  {
    path: 'verify',
    element: <SignedOutLayout />,
    errorElement: <ErrorScreen />,
    children: [{ index: true, element: <VerifyEmailPage /> }],
  },
  // The staff console has its own layout; a reseller gets the shell's not-found screen there.
  { path: 'admin/*', element: <AdminGate />, errorElement: <ErrorScreen /> },
  {
    element: <SignedInLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'createOrders', element: <SimpleOrderPage /> },
      { path: 'quick-order', element: <QuickOrderPage /> },
      { path: 'csv-orders', element: <CsvOrdersPage /> },
      { path: 'fedex-order', element: <FedexOrderPage /> },
      { path: 'amazon-csv', element: <AmazonCsvPage /> },
      { path: 'deposits', element: <DepositsPage /> },
      { path: 'address', element: <AddressesPage /> },
      { path: 'api-docs', element: <ApiDocsPage /> },
      { path: 'settings', element: <AccountSettingsPage /> },
      { path: 'login', element: <Navigate to="/" replace /> },
      { path: 'register', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
