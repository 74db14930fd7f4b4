import { Badge, Loader } from '@mantine/core';
import { statusKind, type StatusKind } from '../lib/order-status';

const LOOK: Record<StatusKind, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  processing: { color: 'blue', label: 'Processing' },
  completed: { color: 'teal', label: 'Completed' },
  cancelled: { color: 'red', label: 'Cancelled' },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const kind = statusKind(status);
  const { color, label } = LOOK[kind];
  const isWorking = kind === 'pending' || kind === 'processing';
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      leftSection={isWorking ? <Loader size={10} color={color} type="oval" /> : undefined}
      data-status={kind}
      // The label ellipsis would otherwise let a table column squeeze the badge to "Com…".
      style={{ minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}
