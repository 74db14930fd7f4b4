import type { AdminRefundRequestView } from '@portal/shared';
import {
  toOrderView,
  toRefundRequestView,
  type OrderWithType,
  type RefundRequestRow,
} from '../orders/order-records.service.ts';
import { toResellerRef } from '../orders/admin-orders.service.ts';

export { toRefundRequestView };

export const toAdminRequestView = (row: {
  request: RefundRequestRow;
  order: OrderWithType;
  reseller: { id: string; discordId: string; username: string };
  decidedBy: { id: string; discordId: string } | null;
}): AdminRefundRequestView => ({
  ...toRefundRequestView(row.request),
  order: toOrderView(row.order),
  reseller: toResellerRef(row.reseller),
  decidedBy: row.decidedBy ? { _id: row.decidedBy.id, discordId: row.decidedBy.discordId } : null,
});
