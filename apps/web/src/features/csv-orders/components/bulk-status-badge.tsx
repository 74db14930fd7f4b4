import type { BulkOrderStatus } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { BULK_STATUS_STYLE } from '../../../lib/status-styles';

/** Spec section 4: Completed, a processing state, else Pending; the unfinished ones spin. */
export function BulkStatusBadge({ status }: { status: BulkOrderStatus }) {
  return (
    <StatusBadge statusStyle={BULK_STATUS_STYLE[status]} isWorking={status !== 'Completed'} status={status} />
  );
}
