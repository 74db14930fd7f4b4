import {
  IconAddressBook,
  IconApi,
  IconBolt,
  IconBrandAmazon,
  IconFileSpreadsheet,
  IconLayoutDashboard,
  IconPackage,
  IconPlaneDeparture,
  IconTruck,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { TeamPermission } from '@portal/shared';

/** `permission`: the entry shows only to roles that hold it (issue 45). */
export type NavItem = { label: string; path: string; icon: Icon; permission: TeamPermission };

/** The sidebar, in the spec's order and with its paths (spec section 2), then Shipping day (issue 46). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: IconLayoutDashboard, permission: 'orders.read' },
  { label: 'Simple Order', path: '/createOrders', icon: IconPackage, permission: 'orders.buy' },
  { label: 'Fast Order', path: '/quick-order', icon: IconBolt, permission: 'orders.buy' },
  { label: 'CSV', path: '/csv-orders', icon: IconFileSpreadsheet, permission: 'orders.read' },
  { label: 'Overnight FedEx', path: '/fedex-order', icon: IconPlaneDeparture, permission: 'orders.read' },
  { label: 'Amazon CSV Generator', path: '/amazon-csv', icon: IconBrandAmazon, permission: 'orders.buy' },
  { label: 'Deposits', path: '/deposits', icon: IconWallet, permission: 'deposits.read' },
  { label: 'Addresses', path: '/address', icon: IconAddressBook, permission: 'addresses.read' },
  { label: 'Reseller API', path: '/api-docs', icon: IconApi, permission: 'orders.read' },
  { label: 'Shipping day', path: '/shipping-day', icon: IconTruck, permission: 'orders.read' },
];

const firstSegment = (pathname: string): string => (pathname.split('/')[1] ?? '').toLowerCase();

/**
 * The entry highlighted for a location: the one whose first path segment matches (case-insensitively,
 * since the menu spells /createOrders and the spec also routes /createorders). Null when none does.
 */
export function activeNavItem(pathname: string): NavItem | null {
  const segment = firstSegment(pathname);
  return NAV_ITEMS.find((item) => firstSegment(item.path) === segment) ?? null;
}
