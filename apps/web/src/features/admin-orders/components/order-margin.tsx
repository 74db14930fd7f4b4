import { Badge, Stack, Text } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';

/** Sold below cost: the label cost us more than the reseller paid. */
export const isBelowCost = (order: Pick<AdminOrderView, 'margin'>) =>
  order.margin !== null && order.margin < 0;

/** Where the label was bought: the provider's name, or test mode once a label exists without one. */
export function OrderProvider({ order, size = 'xs' }: { order: AdminOrderView; size?: 'xs' | 'sm' }) {
  const where = order.provider?.name ?? (order.tracking ? 'Test mode' : null);
  if (!where) return null;
  return (
    <Text size={size} c={order.provider ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {where}
    </Text>
  );
}

/** The margin in dollars, red with a "Below cost" flag when negative; a dash before the label has a cost. */
export function OrderMargin({ order }: { order: AdminOrderView }) {
  if (order.margin === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2} align="flex-end">
      <Text
        size="sm"
        fw={isBelowCost(order) ? 700 : undefined}
        c={isBelowCost(order) ? 'red.9' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {formatUsd(order.margin)}
      </Text>
      {isBelowCost(order) && (
        <Badge color="red" variant="filled" size="sm" tt="none" style={{ minWidth: 'max-content' }}>
          Below cost
        </Badge>
      )}
    </Stack>
  );
}

export const formatCost = (cost: number | null) => (cost === null ? '—' : formatUsd(cost));
