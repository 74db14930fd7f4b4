import {
  centsToDollars,
  type AdminOrderView,
  type AdminRefundRequestView,
  type RefundRequestView,
} from '@portal/shared';
import { toOrderView } from '../orders/order-view.ts';
import type { OrderWithType } from '../orders/orders.repository.ts';
import type { AdminOrderRow, RefundRequestRow, Reseller } from './refunds.repository.ts';

export const toRefundRequestView = (r: RefundRequestRow): RefundRequestView => ({
  _id: r.id,
  status: r.status,
  reason: r.reason,
  rejectionReason: r.rejectionReason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const toResellerRef = (r: Reseller) => ({ _id: r.id, discordId: r.discordId, username: r.username });

export const toAdminOrderView = (row: AdminOrderRow): AdminOrderView => ({
  ...toOrderView(row),
  reseller: toResellerRef(row.reseller),
  failureReason: row.failureReason,
  refundRequest: row.request ? toRefundRequestView(row.request) : null,
  provider: row.provider ? { _id: row.provider.id, name: row.provider.name, kind: row.provider.kind } : null,
  cost: row.costCents === null ? null : centsToDollars(row.costCents),
  margin: row.costCents === null ? null : centsToDollars(row.priceCents - row.costCents),
});

export const toAdminRequestView = (row: {
  request: RefundRequestRow;
  order: OrderWithType;
  reseller: Reseller;
  decidedBy: { id: string; discordId: string } | null;
}): AdminRefundRequestView => ({
  ...toRefundRequestView(row.request),
  order: toOrderView(row.order),
  reseller: toResellerRef(row.reseller),
  decidedBy: row.decidedBy ? { _id: row.decidedBy.id, discordId: row.decidedBy.discordId } : null,
});
