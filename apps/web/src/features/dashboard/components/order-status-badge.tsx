import { StatusBadge } from '../../../components/status-badge';
import { ORDER_STATUS_LOOK } from '../../../lib/status-looks';
import { statusKind } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: string }) {
  const kind = statusKind(status);
  return (
    <StatusBadge
      look={ORDER_STATUS_LOOK[kind]}
      isWorking={kind === 'pending' || kind === 'processing'}
      status={kind}
    />
  );
}
