import {
  IconChartBar,
  IconCreditCard,
  IconListDetails,
  IconMail,
  IconReceipt,
  IconSettings,
  IconTags,
  IconPackage,
  IconPlugConnected,
  IconReceiptRefund,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { CourierPage } from '../../features/admin-courier/pages/courier-page';
import { OrdersPage } from '../../features/admin-orders/pages/orders-page';
import { RefundRequestsPage } from '../../features/admin-refund-requests/pages/refund-requests-page';
import { AuditLogPage } from '../../features/admin-audit/pages/audit-log-page';
import { DepositsQueuePage } from '../../features/admin-deposits/pages/deposits-queue-page';
import { SettingsPage } from '../../features/admin-settings/pages/settings-page';
import { LabelTypesPage } from '../../features/admin-label-types/pages/label-types-page';
import { MailPage } from '../../features/admin-mail/pages/mail-page';
import { ProvidersPage } from '../../features/admin-providers/pages/providers-page';
import { PaymentProvidersPage } from '../../features/admin-payment-providers/pages/payment-providers-page';
import { OverviewPage } from '../../features/admin-overview/pages/overview-page';
import { ResellerDetailPage } from '../../features/admin-resellers/pages/reseller-detail-page';
import { ResellersPage } from '../../features/admin-resellers/pages/resellers-page';
import { Route, Routes } from 'react-router';
import type { ReactElement } from 'react';

export type AdminPage = {
  label: string;
  /** Relative to `/admin`; '' is the console's index (Overview). */
  path: string;
  icon: Icon;
  element: ReactElement;
};

/**
 * The console's pages, in sidebar order: the daily work first (Overview, Resellers, Deposits, Orders,
 * Refund Requests, Courier), then what is set up now and then (Label Types, Providers, Settings), then the records (Audit Log, Mail).
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { label: 'Overview', path: '', icon: IconChartBar, element: <OverviewPage /> },
  {
    label: 'Resellers',
    path: 'resellers',
    icon: IconUsers,
    element: (
      <Routes>
        <Route index element={<ResellersPage />} />
        <Route path=":id" element={<ResellerDetailPage />} />
      </Routes>
    ),
  },
  { label: 'Deposits', path: 'deposits', icon: IconReceipt, element: <DepositsQueuePage /> },
  { label: 'Orders', path: 'orders', icon: IconPackage, element: <OrdersPage /> },
  {
    label: 'Refund Requests',
    path: 'refund-requests',
    icon: IconReceiptRefund,
    element: <RefundRequestsPage />,
  },
  { label: 'Courier', path: 'courier', icon: IconTruckDelivery, element: <CourierPage /> },
  { label: 'Label Types', path: 'label-types', icon: IconTags, element: <LabelTypesPage /> },
  { label: 'Providers', path: 'providers', icon: IconPlugConnected, element: <ProvidersPage /> },
  {
    label: 'Payment providers',
    path: 'payment-providers',
    icon: IconCreditCard,
    element: <PaymentProvidersPage />,
  },
  { label: 'Settings', path: 'settings', icon: IconSettings, element: <SettingsPage /> },
  { label: 'Audit Log', path: 'audit', icon: IconListDetails, element: <AuditLogPage /> },
  { label: 'Mail', path: 'mail', icon: IconMail, element: <MailPage /> },
];
