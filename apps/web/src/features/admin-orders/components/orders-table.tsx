import { Anchor, Button, Checkbox, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { formatCost, isBelowCost, OrderMargin, OrderProvider } from './order-margin';
import { AdminOrderStatus, isRefundable } from './order-status';

type OrdersTableProps = {
  orders: AdminOrderView[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
  onOpen: (id: string) => void;
  onRefund: (order: AdminOrderView) => void;
};

/** Every reseller's orders; refundable rows can be selected for a bulk refund. */
export function OrdersTable({
  orders,
  selected,
  onToggle,
  onTogglePage,
  onOpen,
  onRefund,
}: OrdersTableProps) {
  const refundable = orders.filter(isRefundable);
  const selectedOnPage = refundable.filter((o) => selected.has(o._id)).length;
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={1000} aria-label="Orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  size="xs"
                  aria-label="Select this page"
                  checked={refundable.length > 0 && selectedOnPage === refundable.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < refundable.length}
                  disabled={refundable.length === 0}
                  onChange={onTogglePage}
                />
              </Table.Th>
              <Table.Th>Order</Table.Th>
              <Table.Th>Reseller</Table.Th>
              <Table.Th>Shipment</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th ta="right">Margin</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Tracking</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr
                key={order._id}
                data-testid="admin-order-row"
                data-below-cost={isBelowCost(order) || undefined}
                bg={isBelowCost(order) ? 'red.0' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    size="xs"
                    aria-label={`Select ${order.OrderId}`}
                    checked={selected.has(order._id)}
                    disabled={!isRefundable(order)}
                    onChange={() => onToggle(order._id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    fw={600}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                    onClick={() => onOpen(order._id)}
                  >
                    {order.OrderId}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {new Date(order.createdAt).toLocaleString('en-US', {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.reseller.discordId}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {order.fromName} → {order.toName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.labelType.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatUsd(order.price)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatCost(order.cost)}
                  <OrderProvider order={order} />
                </Table.Td>
                <Table.Td ta="right">
                  <OrderMargin order={order} />
                </Table.Td>
                <Table.Td>
                  <AdminOrderStatus order={order} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {order.tracking && <TrackingStatusBadge status={order.trackingStatus} />}
                    <Text size="xs" ff="monospace">
                      {order.tracking ?? '—'}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  {isRefundable(order) && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Refund ${order.OrderId}`}
                      onClick={() => onRefund(order)}
                    >
                      Refund
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
