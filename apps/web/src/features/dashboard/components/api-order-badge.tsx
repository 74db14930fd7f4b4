import { Badge, Tooltip } from '@mantine/core';
import type { OrderView } from '@portal/shared';

/** Marks an order bought through the reseller API, so it stands out from the app's own. */
export function ApiOrderBadge({ order }: { order: Pick<OrderView, 'source'> }) {
  if (order.source !== 'api') return null;
  return (
    <Tooltip label="Bought through the Reseller API">
      <Badge size="xs" variant="light" color="grape" ml={6} aria-label="API order">
        API
      </Badge>
    </Tooltip>
  );
}
