import { centsToDollars, type AdminOrderView, type QuoteView } from '@portal/shared';
import type { AdminOrderRow, Reseller } from './admin-orders.repository.ts';
import { toOrderView } from './order-view.ts';
import { toRefundRequestView } from './refund-request-view.ts';

export const toResellerRef = (r: Reseller) => ({ _id: r.id, discordId: r.discordId, username: r.username });

/** The live quotes an order was routed by (decision 332), when it was. */
export type OrderQuotes = { quotes: QuoteView[]; orderedRouteCost: number | null };

export const toAdminOrderView = (row: AdminOrderRow, routed?: OrderQuotes): AdminOrderView => ({
  ...toOrderView(row),
  reseller: toResellerRef(row.reseller),
  // Staff read the provider's own words (decision 314); the reseller reads the plain reason.
  failureReason: row.providerNote ?? row.failureReason,
  refundNote: row.voidNote ?? row.refundNote,
  refundRequest: row.request ? toRefundRequestView(row.request) : null,
  provider: row.provider ? { _id: row.provider.id, name: row.provider.name, kind: row.provider.kind } : null,
  cost: row.costCents === null ? null : centsToDollars(row.costCents),
  margin: row.costCents === null ? null : centsToDollars(row.priceCents - row.costCents),
  quotes: routed?.quotes ?? [],
  orderedRouteCost: routed?.orderedRouteCost ?? null,
});
