import type { BulkOrderStatus } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';

const COLORS: Record<BulkOrderStatus, string> = { Pending: 'yellow', Processing: 'blue', Completed: 'teal' };

/** Spec section 4: Completed, a processing state, else Pending; the unfinished ones spin. */
export function BulkStatusBadge({ status }: { status: BulkOrderStatus }) {
  return (
    <StatusBadge color={COLORS[status]} label={status} isWorking={status !== 'Completed'} status={status} />
  );
}
