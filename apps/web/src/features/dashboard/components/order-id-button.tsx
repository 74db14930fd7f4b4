import { Anchor } from '@mantine/core';
import type { OrderView } from '@portal/shared';

/** The order's number, which opens its details (tracking timeline, refund) from a row or a card. */
export function OrderIdButton({ order, onOpen }: { order: OrderView; onOpen: (order: OrderView) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      fw="inherit"
      size="sm"
      aria-label={`Details of ${order.OrderId}`}
      onClick={() => onOpen(order)}
      style={{ whiteSpace: 'nowrap' }}
    >
      {order.OrderId}
    </Anchor>
  );
}
