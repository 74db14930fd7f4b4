/**
 * Every cache area's query key, in one place (docs/decisions/296-api-files-and-query-keys.md). The
 * `queryOptions` factories beside each feature's calls take their keys from here, and a write refreshes an
 * area by its root (`queryKeys.admin.audit.all`), also from here: one feature can refresh another's list
 * without importing across the feature fence, and no key is spelled twice.
 */
export const queryKeys = {
  session: ['session'] as const,
  addresses: ['addresses'] as const,
  labelTypes: ['label-types'] as const,
  labelPreference: ['user', 'label-format'] as const,
  orderPrice: {
    all: ['order-price'] as const,
    of: (labelType: string, weight: number) => ['order-price', labelType, weight] as const,
  },
  zipPlace: (zip: string | null) => ['zip-place', zip] as const,
  /** The dashboard's orders: the lists, the count card, the tracking counts and one order's details. */
  orders: {
    all: ['orders'] as const,
    list: (params: object) => ['orders', 'list', params] as const,
    count: ['orders', 'count'] as const,
    stats: ['orders', 'stats'] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
  },
  bulkOrders: { all: ['bulk-orders'] as const, page: (page: number) => ['bulk-orders', page] as const },
  invoices: { all: ['invoices'] as const, page: (page: number) => ['invoices', page] as const },
  depositOptions: ['deposit-options'] as const,
  /** The Team page (issue 45): members and invitations, keys, the activity log. */
  team: {
    all: ['team'] as const,
    members: ['team', 'members'] as const,
    keys: ['team', 'keys'] as const,
    activity: (filters: object) => ['team', 'activity', filters] as const,
  },
  cashapp: ['cashapp'] as const,
  /** The Shipping day page: today's labels, SCAN forms and pickups (issue 46). */
  shippingDay: {
    all: ['shipping-day'] as const,
    today: ['shipping-day', 'today'] as const,
    scanForms: ['shipping-day', 'scan-forms'] as const,
    pickups: ['shipping-day', 'pickups'] as const,
  },
  courierOrders: {
    all: ['courier-orders'] as const,
    list: (page: number, search: string) => ['courier-orders', page, search] as const,
  },
  account: {
    email: ['account', 'email'] as const,
    addressCheck: ['account', 'address-check'] as const,
    unusedLabels: ['account', 'unused-labels'] as const,
    twoFactor: ['account', 'two-factor'] as const,
    twoFactorDevices: ['account', 'two-factor', 'devices'] as const,
    webhooks: ['account', 'webhooks'] as const,
    webhookDeliveries: (id: string) => ['account', 'webhooks', id, 'deliveries'] as const,
  },
  admin: {
    overview: ['admin', 'overview'] as const,
    margins: (days: number) => ['admin', 'margins', days] as const,
    audit: {
      all: ['admin', 'audit'] as const,
      list: (filters: object, page: number) => ['admin', 'audit', filters, page] as const,
    },
    mail: (page: number) => ['admin', 'mail', page] as const,
    orders: {
      all: ['admin', 'orders'] as const,
      list: (filters: object, page: number) => ['admin', 'orders', 'list', filters, page] as const,
      detail: (id: string | null) => ['admin', 'orders', 'detail', id] as const,
    },
    refundRequests: {
      all: ['admin', 'refund-requests'] as const,
      list: (status: string, page: number) => ['admin', 'refund-requests', status, page] as const,
    },
    resellers: {
      all: ['admin', 'resellers'] as const,
      members: (id: string) => ['admin', 'resellers', 'members', id] as const,
      list: (params: object) => ['admin', 'resellers', 'list', params] as const,
      detail: (id: string) => ['admin', 'resellers', 'detail', id] as const,
      ledger: (id: string, page: number) => ['admin', 'resellers', 'ledger', id, page] as const,
      prices: (id: string) => ['admin', 'resellers', 'prices', id] as const,
    },
    invoices: {
      all: ['admin', 'invoices'] as const,
      list: (query: object) => ['admin', 'invoices', query] as const,
    },
    courier: {
      all: ['admin', 'courier'] as const,
      list: (status: string, search: string, page: number) =>
        ['admin', 'courier', status, search, page] as const,
    },
    labelTypes: ['admin', 'label-types'] as const,
    providers: ['admin', 'providers'] as const,
    settings: ['admin', 'settings'] as const,
  },
};
