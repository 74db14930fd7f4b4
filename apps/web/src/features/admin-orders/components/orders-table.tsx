import { Anchor, Button, Checkbox, Text } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { formatCost, isBelowCost, OrderMargin, OrderProvider } from './order-margin';
import { AdminOrderStatus, isRefundable, OrderTracking } from './order-status';

type OrdersTableProps = {
  orders: AdminOrderView[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
  onOpen: (id: string) => void;
  onRefund: (order: AdminOrderView) => void;
};

const columns = ({
  orders,
  selected,
  onToggle,
  onTogglePage,
  onOpen,
  onRefund,
}: OrdersTableProps): DataColumn<AdminOrderView>[] => {
  const refundable = orders.filter(isRefundable);
  const selectedOnPage = refundable.filter((o) => selected.has(o._id)).length;
  return [
    {
      key: 'select',
      width: 40,
      header: (
        <Checkbox
          size="xs"
          aria-label="Select this page"
          checked={refundable.length > 0 && selectedOnPage === refundable.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < refundable.length}
          disabled={refundable.length === 0}
          onChange={onTogglePage}
        />
      ),
      cell: (order) => (
        <Checkbox
          size="xs"
          aria-label={`Select ${order.OrderId}`}
          checked={selected.has(order._id)}
          disabled={!isRefundable(order)}
          onChange={() => onToggle(order._id)}
        />
      ),
    },
    {
      key: 'order',
      header: 'Order · reseller',
      cell: (order) => (
        <>
          <Anchor
            component="button"
            fw={600}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            onClick={() => onOpen(order._id)}
          >
            {order.OrderId}
          </Anchor>
          <Text size="sm">{order.reseller.discordId}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {new Date(order.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
        </>
      ),
    },
    {
      key: 'shipment',
      header: 'Shipment',
      cell: (order) => (
        <>
          <Text size="sm">
            {order.fromName} → {order.toName}
          </Text>
          <Text size="xs" c="dimmed">
            {order.labelType.name}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      figures: true,
      cell: (order) => formatUsd(order.price),
    },
    {
      key: 'cost',
      header: 'Cost',
      align: 'right',
      figures: true,
      noWrap: true,
      cell: (order) => (
        <>
          {formatCost(order.cost)}
          <OrderProvider order={order} />
        </>
      ),
    },
    { key: 'margin', header: 'Margin', align: 'right', cell: (order) => <OrderMargin order={order} /> },
    { key: 'status', header: 'Status', cell: (order) => <AdminOrderStatus order={order} /> },
    {
      key: 'tracking',
      header: 'Tracking',
      cell: (order) => <OrderTracking order={order} size="xs" />,
    },
    {
      key: 'action',
      header: 'Action',
      align: 'right',
      cell: (order) =>
        isRefundable(order) && (
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Refund ${order.OrderId}`}
            onClick={() => onRefund(order)}
          >
            Refund
          </Button>
        ),
    },
  ];
};

/** Every reseller's orders; refundable rows can be selected for a bulk refund. */
export function OrdersTable(props: OrdersTableProps) {
  return (
    <DataTable
      label="Orders"
      columns={columns(props)}
      rows={props.orders}
      rowTestId="admin-order-row"
      rowProps={(order) => ({
        'data-below-cost': isBelowCost(order) || undefined,
        bg: isBelowCost(order) ? 'red.0' : undefined,
      })}
      isLoading={false}
      minWidth={900}
      empty={null}
    />
  );
}
