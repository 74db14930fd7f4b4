import { Button, Group } from '@mantine/core';
import { formatUsd, type AdminCourierOrderView } from '@portal/shared';
import {
  courierColumns,
  courierReference,
  CourierViewButton,
} from '../../../components/courier-order-details';
import { DataTable, type DataColumn } from '../../../components/data-table';
import type { MoveKind } from './courier-move-dialog';

type CourierQueueTableProps = {
  orders: AdminCourierOrderView[];
  isPending: boolean;
  error: unknown;
  emptyText: string;
  onView: (order: AdminCourierOrderView) => void;
  onMove: (order: AdminCourierOrderView, kind: MoveKind) => void;
};

/** The moves the server allows from each status (spec section 4), as buttons. */
const MOVES: Record<AdminCourierOrderView['status'], MoveKind[]> = {
  Pending: ['quote', 'cancel'],
  'Awaiting User Input': ['cancel'],
  'In Process': ['complete', 'cancel'],
  Completed: [],
  Cancelled: [],
};
const MOVE_LABELS: Record<MoveKind, string> = { quote: 'Quote', complete: 'Upload PDF', cancel: 'Cancel' };

const columns = ({ onView, onMove }: CourierQueueTableProps): DataColumn<AdminCourierOrderView>[] => [
  ...courierColumns<AdminCourierOrderView>({
    reseller: (order) => order.username,
    price: (order) => (order.price === null ? '—' : formatUsd(order.price)),
    note: { miw: 140, maw: 220 },
  }),
  {
    key: 'action',
    header: 'Action',
    align: 'right',
    cell: (order) => {
      const ref = courierReference(order);
      return (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {MOVES[order.status].map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant={kind === 'cancel' ? 'light' : 'filled'}
              color={kind === 'cancel' ? 'red' : kind === 'complete' ? 'teal' : undefined}
              aria-label={`${MOVE_LABELS[kind]} ${ref}`}
              onClick={() => onMove(order, kind)}
            >
              {MOVE_LABELS[kind]}
            </Button>
          ))}
          <CourierViewButton order={order} onView={() => onView(order)} />
        </Group>
      );
    },
  },
];

/** Staff's courier queue: who asked, where to, what it weighs, the quote and what to do next. */
export function CourierQueueTable(props: CourierQueueTableProps) {
  return (
    <DataTable
      label="Courier orders"
      columns={columns(props)}
      rows={props.orders}
      rowTestId="courier-queue-row"
      rowProps={(order) => ({ 'data-status': order.status })}
      isLoading={props.isPending}
      error={props.error}
      minWidth={900}
      highlightOnHover={false}
      empty={props.emptyText}
    />
  );
}
