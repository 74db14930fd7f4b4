import type * as schema from './schema.ts';

/**
 * Who owns each table (decision 340): the module (`modules/<name>`) or server area (`captcha`, `files`,
 * `mail`, `jobs`, `plugins`, `db`) whose repositories alone read and write it; everyone else asks that
 * owner's service. `sharedWith` names the modules whose repositories still read or write the table
 * themselves (mostly joins and purges); `table-owners.test.ts` refuses any other use, and any table left
 * out of this list. Keyed by the table's name in `schema.ts`, each table once.
 */
export const tableOwners = {
  // core
  users: {
    owner: 'users',
    sharedWith: [
      'account',
      'address-check',
      'admin',
      'auth',
      'courier',
      'db',
      'invoices',
      'ledger',
      'orders',
      'payments',
      'refunds',
      'teams',
      'webhooks',
    ],
  },
  sessions: { owner: 'auth', sharedWith: ['admin', 'housekeeping'] },
  ledgerEntries: { owner: 'ledger', sharedWith: ['admin', 'teams'] },
  labelTypes: {
    owner: 'label-types',
    sharedWith: ['bulk-orders', 'db', 'orders', 'providers', 'purchases', 'refunds', 'shipping-day'],
  },
  labelTypePrices: { owner: 'label-types', sharedWith: ['db', 'providers'] },
  captchaSolutions: { owner: 'captcha', sharedWith: ['housekeeping'] },
  authFailures: { owner: 'login-throttle', sharedWith: ['housekeeping'] },
  appSecrets: { owner: 'db', sharedWith: ['app'] },
  // account
  otpCodes: { owner: 'otp', sharedWith: ['housekeeping'] },
  otpRequests: { owner: 'otp', sharedWith: ['housekeeping'] },
  mailOutbox: { owner: 'mail', sharedWith: ['admin'] },
  // admin
  auditLog: { owner: 'audit', sharedWith: ['admin'] },
  appSettings: { owner: 'settings', sharedWith: ['orders'] },
  // bulk orders
  bulkOrders: { owner: 'bulk-orders', sharedWith: [] },
  bulkOrderRows: { owner: 'bulk-orders', sharedWith: [] },
  bulkOrderCounts: { owner: 'bulk-orders', sharedWith: [] },
  courierOrders: { owner: 'courier', sharedWith: [] },
  fileStoreChecks: { owner: 'files', sharedWith: [] },
  invoices: { owner: 'invoices', sharedWith: ['payments'] },
  invoiceReceipts: { owner: 'invoices', sharedWith: [] },
  jobLeases: { owner: 'jobs', sharedWith: [] },
  // orders
  addresses: { owner: 'addresses', sharedWith: [] },
  files: { owner: 'files', sharedWith: ['housekeeping'] },
  orders: {
    owner: 'orders',
    sharedWith: [
      'admin',
      'bulk-orders',
      'housekeeping',
      'label-types',
      'providers',
      'purchases',
      'refunds',
      'shipping-day',
      'teams',
    ],
  },
  orderStats: { owner: 'orders', sharedWith: ['admin'] },
  orderDayCounts: { owner: 'orders', sharedWith: [] },
  orderTrackingEvents: { owner: 'orders', sharedWith: [] },
  paymentProviders: { owner: 'payments', sharedWith: [] },
  resellerPrices: { owner: 'label-types', sharedWith: [] },
  // providers
  providers: { owner: 'providers', sharedWith: ['orders'] },
  labelTypeRoutes: { owner: 'providers', sharedWith: [] },
  providerCalls: { owner: 'providers', sharedWith: [] },
  labelTypeRoutings: { owner: 'providers', sharedWith: [] },
  orderRoutings: { owner: 'providers', sharedWith: [] },
  rateLimitHits: { owner: 'plugins', sharedWith: ['housekeeping'] },
  refundRequests: { owner: 'refunds', sharedWith: ['orders'] },
  idempotencyKeys: { owner: 'idempotency', sharedWith: ['housekeeping'] },
  // purchases
  labelPurchases: { owner: 'purchases', sharedWith: ['providers', 'shipping-day'] },
  upstreamLabelFiles: { owner: 'purchases', sharedWith: ['housekeeping'] },
  orderItems: { owner: 'purchases', sharedWith: ['bulk-orders'] },
  // events
  outbox: { owner: 'events', sharedWith: [] },
  // shipping day
  scanForms: { owner: 'shipping-day', sharedWith: [] },
  scanFormOrders: { owner: 'shipping-day', sharedWith: [] },
  pickups: { owner: 'shipping-day', sharedWith: [] },
  pickupOrders: { owner: 'shipping-day', sharedWith: [] },
  // teams
  teamMembers: { owner: 'teams', sharedWith: ['auth', 'users'] },
  teamInvitations: { owner: 'teams', sharedWith: [] },
  teamApiKeys: { owner: 'teams', sharedWith: [] },
  teamActivity: { owner: 'teams', sharedWith: [] },
  // tracking
  trackingPolls: { owner: 'tracking', sharedWith: [] },
  inboundWebhookReceipts: { owner: 'tracking', sharedWith: ['housekeeping', 'payments'] },
  // two-factor
  twoFactorRecoveryCodes: { owner: 'two-factor', sharedWith: [] },
  twoFactorChallenges: { owner: 'two-factor', sharedWith: [] },
  twoFactorDevices: { owner: 'two-factor', sharedWith: [] },
  // webhooks
  webhookEndpoints: { owner: 'webhooks', sharedWith: [] },
  webhookEvents: { owner: 'webhooks', sharedWith: ['housekeeping'] },
  webhookDeliveries: { owner: 'webhooks', sharedWith: ['housekeeping'] },
} as const satisfies Record<TableName, { owner: string; sharedWith: readonly string[] }>;

/** The names `schema.ts` exports that are tables (its types and enums are not). */
type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { brand: 'Table' } } ? K : never;
}[keyof typeof schema];
