import { centsToDollars, trackingUrl, carrierOfUid, type OrderView } from '@portal/shared';
import { formatOrderId } from './ids.ts';
import type { OrderWithType } from './orders.repository.ts';

/** Where the label PDF of a completed order is downloaded. */
export const downloadPath = (id: string): string => `/api/v1/order/download/${id}`;

/**
 * An order as the API shows it: an allow-list of fields, money in dollars. `history` adds the fields only
 * the reseller's own history shows, in the same object (no copy per row of a page).
 */
export const toOrderView = (
  o: OrderWithType,
  history?: Pick<OrderView, 'refundRequest' | 'refundableUntil'>,
): OrderView => ({
  _id: o.id,
  OrderId: formatOrderId(o.orderNumber),
  uuid: o.batchId,
  user: o.userId,
  labelType: { _id: o.labelTypeId, name: o.labelTypeName, uid: o.labelTypeUid },
  fromName: o.fromName,
  toName: o.toName,
  price: centsToDollars(o.priceCents),
  status: o.status,
  tracking: o.tracking,
  trackingUrl: o.tracking ? trackingUrl(carrierOfUid(o.labelTypeUid), o.tracking) : null,
  trackingStatus: o.trackingStatus,
  pdf: o.status === 'completed' && o.labelFileId ? downloadPath(o.id) : null,
  createdAt: o.createdAt.toISOString(),
  source: o.source,
  signature: o.signature,
  design: o.design,
  Weight: o.weight,
  Height: o.height,
  Width: o.width,
  Length: o.length,
  FromName: o.fromName,
  FromCompany: o.fromCompany,
  FromStreet: o.fromStreet,
  FromStreet2: o.fromStreet2,
  FromCity: o.fromCity,
  FromState: o.fromState,
  FromZip: o.fromZip,
  FromCountry: o.fromCountry,
  FromPhone: o.fromPhone,
  ToName: o.toName,
  ToCompany: o.toCompany,
  ToStreet: o.toStreet,
  ToStreet2: o.toStreet2,
  ToCity: o.toCity,
  ToState: o.toState,
  ToZip: o.toZip,
  ToCountry: o.toCountry,
  ToPhone: o.toPhone,
  refundStatus: o.refundStatus,
  refundNote: o.refundNote,
  ...history,
});
