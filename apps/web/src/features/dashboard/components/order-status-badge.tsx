import { StatusBadge } from '../../../components/status-badge';
import { ORDER_STATUS_STYLE } from '../../../lib/status-styles';
import { statusKind } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: string }) {
  const kind = statusKind(status);
  return (
    <StatusBadge
      statusStyle={ORDER_STATUS_STYLE[kind]}
      isWorking={kind === 'pending' || kind === 'processing'}
      status={kind}
    />
  );
}
