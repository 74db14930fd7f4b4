import { Anchor, Text, type MantineSize } from '@mantine/core';
import type { OrderView } from '@portal/shared';
import { trackingLinkOf } from '../lib/format-order';

/**
 * Tracking numbers link to the carrier's public tracking page, in a new tab, at `size` (the table's is
 * smaller, so its nine columns fit beside the menu at 1280 px).
 */
export function TrackingLink({ order, size = 'sm' }: { order: OrderView; size?: MantineSize }) {
  const href = trackingLinkOf(order);
  if (!order.tracking || !href)
    return (
      <Text size={size} c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
    >
      {order.tracking}
    </Anchor>
  );
}
