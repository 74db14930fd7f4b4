import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { boughtBy, formatOrderDate, isBoughtByMember } from '../lib/format-order';
import { ApiOrderBadge } from './api-order-badge';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { OrderIdButton } from './order-id-button';
import { OrderStatusBadge } from './order-status-badge';
import { RefundNote } from './refund-note';
import type { OrderRowsProps } from './order-table';
import { TrackingLink } from './tracking-link';

/** Order History on phones: one card per order with the same facts and actions as the table. */
export function OrderCards({ orders, actions, onOpen, selection }: OrderRowsProps) {
  return (
    <Stack gap="sm">
      {orders.map((order) => (
        <Paper key={order._id} withBorder radius="md" p="md" data-testid="order-row">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Checkbox
                  size="sm"
                  aria-label={`Select ${order.OrderId}`}
                  checked={selection.isSelected(order._id)}
                  onChange={() => selection.toggle(order)}
                />
                <Text size="sm" fw={700}>
                  <OrderIdButton order={order} onOpen={onOpen} />
                </Text>
                <ApiOrderBadge order={order} />
              </Group>
              <OrderStatusBadge status={order.status} />
            </Group>
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text size="sm" truncate>
                {order.fromName}
              </Text>
              <IconArrowRight size={14} style={{ flexShrink: 0 }} color="var(--mantine-color-dimmed)" />
              <Text size="sm" truncate>
                {order.toName}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {order.labelType.name} · {formatOrderDate(order.createdAt)}
              {isBoughtByMember(order) && ` · ${boughtBy(order)}`}
            </Text>
            <Group gap="xs" wrap="wrap">
              <TrackingStatusBadge status={order.trackingStatus} />
              <RefundNote order={order} />
            </Group>
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={2} miw={0}>
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatUsd(order.price)}
                </Text>
                <TrackingLink order={order} />
              </Stack>
              {actions(order)}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
