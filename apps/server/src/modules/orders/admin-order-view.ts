import { centsToDollars, type AdminOrderView } from '@portal/shared';
import type { AdminOrderRow, Reseller } from './admin-orders.repository.ts';
import { toOrderView } from './order-view.ts';
import { toRefundRequestView } from './refund-request-view.ts';

export const toResellerRef = (r: Reseller) => ({ _id: r.id, discordId: r.discordId, username: r.username });

export const toAdminOrderView = (row: AdminOrderRow): AdminOrderView => ({
  ...toOrderView(row),
  reseller: toResellerRef(row.reseller),
  failureReason: row.failureReason,
  refundRequest: row.request ? toRefundRequestView(row.request) : null,
  provider: row.provider ? { _id: row.provider.id, name: row.provider.name, kind: row.provider.kind } : null,
  cost: row.costCents === null ? null : centsToDollars(row.costCents),
  margin: row.costCents === null ? null : centsToDollars(row.priceCents - row.costCents),
});
