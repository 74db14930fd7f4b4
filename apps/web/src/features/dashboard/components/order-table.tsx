import { Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatUsd, type OrderView } from '@portal/shared';
import type { OrderSelection } from '../hooks/use-order-selection';
import { formatOrderDay, formatOrderTime } from '../lib/format-order';
import { ApiOrderBadge } from './api-order-badge';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { OrderActions } from './order-actions';
import { OrderIdButton } from './order-id-button';
import { OrderStatusBadge } from './order-status-badge';
import { RefundNote } from './refund-note';
import { TrackingLink } from './tracking-link';

export type OrderRowsProps = {
  orders: OrderView[];
  downloadingId: string | null;
  onDownload: (order: OrderView) => void;
  onPrint?: ((order: OrderView) => void) | undefined;
  onDuplicate: (order: OrderView) => void;
  onRequestRefund: (order: OrderView) => void;
  /** Opens the order's details (tracking timeline, refund) in a drawer. */
  onOpen: (order: OrderView) => void;
  selection: OrderSelection;
};

/**
 * Spec section 2 columns: # / From / To / type / Amount / Status / Tracking / Date / Action. Where the parcel
 * is goes in Tracking, above its number, so the nine columns still fit at 1280 px (decision 284).
 */
export const ORDER_COLUMNS = [
  '#',
  'From',
  'To',
  'type',
  'Amount',
  'Status',
  'Tracking',
  'Date',
  'Action',
] as const;

export function OrderTable({
  orders,
  downloadingId,
  onDownload,
  onPrint,
  onDuplicate,
  onRequestRefund,
  onOpen,
  selection,
}: OrderRowsProps) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {ORDER_COLUMNS.map((column) => (
                <Table.Th key={column} ta={column === 'Amount' || column === 'Action' ? 'right' : undefined}>
                  {column === '#' && (
                    <Checkbox
                      display="inline-block"
                      mr={8}
                      size="xs"
                      aria-label="Select this page"
                      checked={selection.pageState === 'all'}
                      indeterminate={selection.pageState === 'some'}
                      onChange={selection.togglePage}
                      style={{ verticalAlign: 'middle' }}
                    />
                  )}
                  <Text span size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                    {column}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order._id} data-testid="order-row">
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Checkbox
                      size="xs"
                      aria-label={`Select ${order.OrderId}`}
                      checked={selection.isSelected(order._id)}
                      onChange={() => selection.toggle(order)}
                    />
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      <OrderIdButton order={order} onOpen={onOpen} />
                      <ApiOrderBadge order={order} />
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.fromName}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.toName}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.labelType.name}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {formatUsd(order.price)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                  <RefundNote order={order} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <TrackingStatusBadge status={order.trackingStatus} />
                    <TrackingLink order={order} size="xs" />
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="xs">{formatOrderDay(order.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatOrderTime(order.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OrderActions
                    order={order}
                    isDownloading={downloadingId === order._id}
                    onDownload={onDownload}
                    onPrint={onPrint}
                    onDuplicate={onDuplicate}
                    onRequestRefund={onRequestRefund}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
