/** Every table, gathered for drizzle and drizzle-kit. Each area keeps its tables in schema/<area>.ts. */
export * from './schema/core.ts';
export * from './schema/account.ts';
export * from './schema/orders.ts';
export * from './schema/bulk-orders.ts';
export * from './schema/admin.ts';
export * from './schema/reseller-api.ts';
export * from './schema/webhooks.ts';
export * from './schema/pricing.ts';
export * from './schema/invoices.ts';
export * from './schema/refunds.ts';
export * from './schema/courier.ts';
export * from './schema/rate-limits.ts';
export * from './schema/order-pages.ts';
export * from './schema/providers.ts';
export * from './schema/two-factor.ts';
export * from './schema/jobs.ts';
export * from './schema/tracking.ts';
