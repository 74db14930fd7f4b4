import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { formatBulkDay, formatBulkTime } from '../lib/format-bulk';
import { BulkDownloads } from './bulk-downloads';
import { BulkProgress } from './bulk-progress';
import { BulkStatusBadge } from './bulk-status-badge';
import type { BulkRowsProps } from './bulk-orders-table';

/** The CSV Orders list on a phone: one card per upload. */
export function BulkOrderCards({ orders, ...downloadProps }: BulkRowsProps) {
  return (
    <Stack gap="sm" role="list" aria-label="CSV Orders">
      {orders.map((order) => (
        <Paper key={order._id} withBorder radius="lg" p="md" role="listitem" data-testid="bulk-order-row">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {order.fileName ?? (order.source === 'api' ? 'Reseller API' : 'CSV upload')}
                </Text>
                <Text size="xs" c="dimmed">
                  {order.labelType.name}
                  {order.design ? ` · ${order.design}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBulkDay(order.createdAt)}, {formatBulkTime(order.createdAt)}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                <BulkStatusBadge status={order.status} />
                <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatUsd(order.total)}
                </Text>
              </Stack>
            </Group>
            <BulkProgress order={order} />
            <BulkDownloads order={order} {...downloadProps} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
