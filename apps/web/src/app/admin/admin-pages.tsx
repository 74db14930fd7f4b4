import {
  IconChartBar,
  IconListDetails,
  IconMail,
  IconPackage,
  IconReceiptRefund,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { OrdersPage } from '../../features/admin-orders/pages/orders-page';
import { RefundRequestsPage } from '../../features/admin-refund-requests/pages/refund-requests-page';
import { AuditLogPage } from '../../features/admin-audit/pages/audit-log-page';
import { MailPage } from '../../features/admin-mail/pages/mail-page';
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
 * The console's pages, in sidebar order: Overview, Resellers, Audit Log, Mail, then Deposits, Orders,
 * Courier, Label Types, Settings as their features land. A page is listed only once it exists.
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
  { label: 'Audit Log', path: 'audit', icon: IconListDetails, element: <AuditLogPage /> },
  { label: 'Mail', path: 'mail', icon: IconMail, element: <MailPage /> },
  { label: 'Orders', path: 'orders', icon: IconPackage, element: <OrdersPage /> },
  {
    label: 'Refund Requests',
    path: 'refund-requests',
    icon: IconReceiptRefund,
    element: <RefundRequestsPage />,
  },
];
