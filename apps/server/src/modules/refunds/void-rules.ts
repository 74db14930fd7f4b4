import { CARRIER_NAMES, carrierOfUid, hasBeenScanned } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { formatOrderId, type OrderWithType } from '../orders/order-records.service.ts';
import { findVoidWindowDays } from './voids.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Until when a label may be voided: its label type's window, from its purchase (decision 281). */
export const voidableUntil = (createdAt: Date, windowDays: number): Date =>
  new Date(createdAt.getTime() + windowDays * DAY_MS);

/**
 * The carrier's rules for voiding a label, checked before anyone is asked (decision 281): once the
 * carrier scanned the parcel the label is in use and is never refunded; a label bought at a provider
 * is voided only within its label type's void window (a test-mode label has no carrier to ask: the
 * refund window of requests alone applies to it, as before).
 */
export async function refuseUnvoidable(db: DbOrTx, order: OrderWithType, now = new Date()): Promise<void> {
  const orderId = formatOrderId(order.orderNumber);
  if (hasBeenScanned(order.trackingStatus))
    throw new AppError(
      'CONFLICT',
      `${orderId} cannot be voided: the carrier has scanned it (tracking says ${order.trackingStatus!.replaceAll('_', ' ')}), so the label was used`,
    );
  if (!order.providerId) return;
  const days = await findVoidWindowDays(db, order.labelTypeId);
  if (now > voidableUntil(order.createdAt, days)) {
    const carrier = CARRIER_NAMES[carrierOfUid(order.labelTypeUid)];
    throw new AppError(
      'CONFLICT',
      `${orderId} can no longer be voided: ${carrier} labels of this type can be voided within ${days} days of purchase`,
    );
  }
}
