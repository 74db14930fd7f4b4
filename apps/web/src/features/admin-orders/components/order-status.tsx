import { Stack, Text } from '@mantine/core';
import { hasBeenScanned, type AdminOrderView } from '@portal/shared';
import { RefundStatusNote } from '../../../components/refund-status-note';
import { StatusBadge } from '../../../components/status-badge';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { ORDER_STATUS_STYLE, refundStateOf } from '../../../lib/status-styles';

/** The order's status, and where its refund stands when there is one (with a rejection's reason). */
export function AdminOrderStatus({ order }: { order: AdminOrderView }) {
  const refund = refundStateOf(order);
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge
        statusStyle={ORDER_STATUS_STYLE[order.status]}
        isWorking={order.status === 'pending' || order.status === 'processing'}
        status={order.status}
      />
      <RefundStatusNote status={refund.status} note={refund.note} />
    </Stack>
  );
}

/** Not cancelled, no refund already on its way or done, and not scanned by the carrier (a used label). */
export const isRefundable = (order: AdminOrderView): boolean => {
  const refund = refundStateOf(order).status;
  return (
    order.status !== 'cancelled' &&
    refund !== 'submitted' &&
    refund !== 'refunded' &&
    !hasBeenScanned(order.trackingStatus)
  );
};

/** Where the parcel is, over its tracking number (a dash before the label is made). */
export function OrderTracking({ order, size }: { order: AdminOrderView; size: 'xs' | 'sm' }) {
  return (
    <Stack gap={4} align="flex-start">
      {order.tracking && <TrackingStatusBadge status={order.trackingStatus} />}
      <Text size={size} ff="monospace">
        {order.tracking ?? '—'}
      </Text>
    </Stack>
  );
}
