import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatUsd, type OrderView } from '@portal/shared';
import { CellLines, ColumnTitle, DataTable, type DataColumn } from '../../../components/data-table';
import type { ReactNode } from 'react';
import type { OrderSelection } from '../hooks/use-order-selection';
import { formatOrderDay, formatOrderTime, boughtBy, isBoughtByMember } from '../lib/format-order';
import { ApiOrderBadge } from './api-order-badge';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { OrderIdButton } from './order-id-button';
import { OrderStatusBadge } from './order-status-badge';
import { RefundNote } from './refund-note';
import { TrackingLink } from './tracking-link';

/** The Order History's rows, as a table or as cards. */
export type OrderRowsProps = {
  orders: OrderView[];
  /** The order's Download, Print, Duplicate and Request refund buttons. */
  actions: (order: OrderView) => ReactNode;
  /** Opens the order's details (tracking timeline, refund) in a drawer. */
  onOpen: (order: OrderView) => void;
  selection: OrderSelection;
};

const columns = ({ actions, onOpen, selection }: OrderRowsProps): DataColumn<OrderView>[] => [
  {
    key: '#',
    header: (
      <>
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
        <ColumnTitle>#</ColumnTitle>
      </>
    ),
    cell: (order) => (
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
    ),
  },
  { key: 'from', header: 'From', cell: (order) => <Text size="sm">{order.fromName}</Text> },
  { key: 'to', header: 'To', cell: (order) => <Text size="sm">{order.toName}</Text> },
  { key: 'type', header: 'type', cell: (order) => <Text size="sm">{order.labelType.name}</Text> },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    figures: true,
    noWrap: true,
    cell: (order) => (
      <Text size="sm" fw={600}>
        {formatUsd(order.price)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (order) => (
      <>
        <OrderStatusBadge status={order.status} />
        <RefundNote order={order} />
      </>
    ),
  },
  {
    key: 'tracking',
    header: 'Tracking',
    cell: (order) => (
      <Stack gap={4} align="flex-start">
        <TrackingStatusBadge status={order.trackingStatus} />
        <TrackingLink order={order} size="xs" />
      </Stack>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (order) => (
      <>
        <CellLines size="xs" main={formatOrderDay(order.createdAt)} sub={formatOrderTime(order.createdAt)} />
        {isBoughtByMember(order) && (
          <Text size="xs" c="dimmed" data-testid="bought-by">
            {boughtBy(order)}
          </Text>
        )}
      </>
    ),
  },
  { key: 'action', header: 'Action', align: 'right', cell: actions },
];

/**
 * Spec section 2 columns: # / From / To / type / Amount / Status / Tracking / Date / Action. Where the parcel
 * is goes in Tracking, above its number, so the nine columns still fit at 1280 px (decision 284).
 */
export function OrderTable(props: OrderRowsProps) {
  return (
    <DataTable
      look="portal"
      label="Orders"
      columns={columns(props)}
      rows={props.orders}
      rowTestId="order-row"
      isLoading={false}
      minWidth={900}
      horizontalSpacing={8}
      empty={null}
    />
  );
}
