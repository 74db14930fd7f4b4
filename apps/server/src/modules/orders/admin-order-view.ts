import { centsToDollars, type AdminOrderView } from '@portal/shared';
import type { AdminOrderRow, Reseller } from './admin-orders.repository.ts';
import { toOrderView } from './order-view.ts';
import { toRefundRequestView } from './refund-request-view.ts';

export const toResellerRef = (r: Reseller) => ({ _id: r.id, discordId: r.discordId, username: r.username });

export const toAdminOrderView = (row: AdminOrderRow): AdminOrderView => ({
  ...toOrderView(row),
  reseller: toResellerRef(row.reseller),
  // Staff read the provider's own words (decision 314); the reseller reads the plain reason.
  failureReason: row.providerNote ?? row.failureReason,
  refundNote: row.voidNote ?? row.refundNote,
  refundRequest: row.request ? toRefundRequestView(row.request) : null,
  provider: row.provider ? { _id: row.provider.id, name: row.provider.name, kind: row.provider.kind } : null,
  cost: row.costCents === null ? null : centsToDollars(row.costCents),
  margin: row.costCents === null ? null : centsToDollars(row.priceCents - row.costCents),
});
