import { Button } from '@mantine/core';
import { formatUsd, type AdminCourierOrderView } from '@portal/shared';
import { CourierTable } from '../../../components/courier-table';
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

/** Staff's courier queue: who asked, where to, what it weighs, the quote and what to do next. */
export function CourierQueueTable({ emptyText, onMove, ...table }: CourierQueueTableProps) {
  return (
    <CourierTable
      {...table}
      rowTestId="courier-queue-row"
      empty={emptyText}
      reseller={(order) => order.username}
      price={(order) => (order.price === null ? '—' : formatUsd(order.price))}
      note={{ miw: 140, maw: 220 }}
      actions={(order, ref) =>
        MOVES[order.status].map((kind) => (
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
        ))
      }
    />
  );
}
