import { Text } from '@mantine/core';
import type { OrderView } from '@portal/shared';

/** Where the order's refund request stands: requested, refunded, or why it was declined. */
export function RefundNote({ order }: { order: OrderView }) {
  const request = order.refundRequest;
  if (!request) return null;
  if (request.status === 'pending')
    return (
      <Text size="xs" c="yellow.9" fw={600}>
        Refund requested
      </Text>
    );
  if (request.status === 'approved')
    return (
      <Text size="xs" c="teal.9" fw={600}>
        Refunded
      </Text>
    );
  return (
    <Text size="xs" c="red.9" maw={220}>
      Refund declined: {request.rejectionReason}
    </Text>
  );
}

/** "Request refund" is offered on completed orders inside the window that have no request yet. */
export const canRequestRefund = (order: OrderView, now = Date.now()): boolean =>
  !!order.refundableUntil && new Date(order.refundableUntil).getTime() > now;
