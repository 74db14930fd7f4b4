import { hasBeenScanned, type OrderView } from '@portal/shared';
import { RefundStatusNote } from '../../../components/refund-status-note';
import { refundStateOf } from '../../../lib/status-styles';

/** Where the order's refund stands: requested, submitted to the provider, refunded, or rejected and why. */
export function RefundNote({ order }: { order: OrderView }) {
  const { status, note } = refundStateOf(order);
  return <RefundStatusNote status={status} note={note} />;
}

/**
 * "Request refund" is offered on completed orders inside the window that have no refund on its way or done
 * (staff may have refunded it already), and not once the carrier has scanned the parcel: a used label is
 * never voided.
 */
export const canRequestRefund = (order: OrderView, now = Date.now()): boolean => {
  const refund = refundStateOf(order).status;
  return (
    !!order.refundableUntil &&
    new Date(order.refundableUntil).getTime() > now &&
    !hasBeenScanned(order.trackingStatus) &&
    (refund === null || refund === 'rejected')
  );
};
