import { Anchor, Text } from '@mantine/core';
import type { OrderView } from '@portal/shared';
import { trackingLinkOf } from '../lib/format-order';

/** Tracking numbers link to the carrier's public tracking page, in a new tab. */
export function TrackingLink({ order }: { order: OrderView }) {
  const href = trackingLinkOf(order);
  if (!order.tracking || !href)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
    >
      {order.tracking}
    </Anchor>
  );
}
