import { centsToDollars, trackingUrl, carrierOfUid, type OrderView } from '@portal/shared';
import { formatOrderId } from '../purchases/purchases.service.ts';
import type { ListedOrderFields } from './order-list.repository.ts';

/** Where the label PDF of a completed order is downloaded. */
export const downloadPath = (id: string): string => `/api/v1/order/download/${id}`;

/**
 * An order as the API shows it: an allow-list of fields, money in dollars. `history` adds the fields only
 * the reseller's own history shows, in the same object (no copy per row of a page).
 */
export const toOrderView = (
  order: ListedOrderFields,
  history?: Pick<OrderView, 'refundRequest' | 'refundableUntil'>,
): OrderView => ({
  _id: order.id,
  OrderId: formatOrderId(order.orderNumber),
  uuid: order.batchId,
  user: order.userId,
  createdBy: { _id: order.createdById ?? order.userId, username: order.createdByName },
  labelType: { _id: order.labelTypeId, name: order.labelTypeName, uid: order.labelTypeUid },
  fromName: order.fromName,
  toName: order.toName,
  price: centsToDollars(order.priceCents),
  status: order.status,
  tracking: order.tracking,
  trackingUrl: order.tracking ? trackingUrl(carrierOfUid(order.labelTypeUid), order.tracking) : null,
  trackingStatus: order.trackingStatus,
  pdf: order.status === 'completed' && order.labelFileId ? downloadPath(order.id) : null,
  createdAt: order.createdAt.toISOString(),
  source: order.source,
  signature: order.signature,
  design: order.design,
  Weight: order.weight,
  Height: order.height,
  Width: order.width,
  Length: order.length,
  FromName: order.fromName,
  FromCompany: order.fromCompany,
  FromStreet: order.fromStreet,
  FromStreet2: order.fromStreet2,
  FromCity: order.fromCity,
  FromState: order.fromState,
  FromZip: order.fromZip,
  FromCountry: order.fromCountry,
  FromPhone: order.fromPhone,
  ToName: order.toName,
  ToCompany: order.toCompany,
  ToStreet: order.toStreet,
  ToStreet2: order.toStreet2,
  ToCity: order.toCity,
  ToState: order.toState,
  ToZip: order.toZip,
  ToCountry: order.toCountry,
  ToPhone: order.toPhone,
  refundStatus: order.refundStatus,
  refundNote: order.refundNote,
  insuredValue: order.insuredValueCents === null ? null : centsToDollars(order.insuredValueCents),
  insurancePrice: order.insuranceCents === null ? null : centsToDollars(order.insuranceCents),
  insuranceStatus: order.insuranceStatus,
  returnOf: order.returnOf,
  ...history,
});
