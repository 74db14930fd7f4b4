import { Paper, Stack, Table, Text } from '@mantine/core';
import { formatUsd, type BulkOrderView } from '@portal/shared';
import { formatBulkDay, formatBulkTime } from '../lib/format-bulk';
import { BulkDownloads, type BulkDownloadProps } from './bulk-downloads';
import { BulkProgress } from './bulk-progress';
import { BulkStatusBadge } from './bulk-status-badge';

export type BulkRowsProps = BulkDownloadProps & { orders: BulkOrderView[] };

const COLUMNS = ['Created', 'File', 'Label type', 'Progress', 'Status', 'Total', 'Files'] as const;

export function BulkOrdersTable({ orders, ...downloadProps }: BulkRowsProps) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" horizontalSpacing={12} highlightOnHover aria-label="CSV Orders">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} ta={column === 'Total' ? 'right' : undefined}>
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                    {column}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order._id} data-testid="bulk-order-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatBulkDay(order.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatBulkTime(order.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td maw={220}>
                  <Stack gap={0}>
                    <Text size="sm" truncate="end" title={order.fileName ?? undefined}>
                      {order.fileName ?? (order.source === 'api' ? 'Reseller API' : 'CSV upload')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {order.totalOrders} {order.totalOrders === 1 ? 'order' : 'orders'}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.labelType.name}</Text>
                  {order.design && (
                    <Text size="xs" c="dimmed">
                      {order.design}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <BulkProgress order={order} />
                </Table.Td>
                <Table.Td>
                  <BulkStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm" fw={600}>
                    {formatUsd(order.total)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <BulkDownloads order={order} {...downloadProps} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
