import type { BulkOrderStatus } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { BULK_STATUS_LOOK } from '../../../lib/status-looks';

/** Spec section 4: Completed, a processing state, else Pending; the unfinished ones spin. */
export function BulkStatusBadge({ status }: { status: BulkOrderStatus }) {
  return <StatusBadge look={BULK_STATUS_LOOK[status]} isWorking={status !== 'Completed'} status={status} />;
}
