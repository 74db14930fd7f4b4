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

export type NavItem = { label: string; path: string; icon: Icon };

/** The sidebar, in the spec's order and with its paths (spec section 2), then Shipping day (issue 46). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: IconLayoutDashboard },
  { label: 'Simple Order', path: '/createOrders', icon: IconPackage },
  { label: 'Fast Order', path: '/quick-order', icon: IconBolt },
  { label: 'CSV', path: '/csv-orders', icon: IconFileSpreadsheet },
  { label: 'Overnight FedEx', path: '/fedex-order', icon: IconPlaneDeparture },
  { label: 'Amazon CSV Generator', path: '/amazon-csv', icon: IconBrandAmazon },
  { label: 'Deposits', path: '/deposits', icon: IconWallet },
  { label: 'Addresses', path: '/address', icon: IconAddressBook },
  { label: 'Reseller API', path: '/api-docs', icon: IconApi },
  { label: 'Shipping day', path: '/shipping-day', icon: IconTruck },
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
