import { StatusBadge } from '../../../components/status-badge';
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
  return (
    <StatusBadge
      color={color}
      label={label}
      isWorking={kind === 'pending' || kind === 'processing'}
      status={kind}
    />
  );
}
