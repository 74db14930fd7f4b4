import { Badge, Loader } from '@mantine/core';
import type { BulkOrderStatus } from '@portal/shared';

const COLORS: Record<BulkOrderStatus, string> = { Pending: 'yellow', Processing: 'blue', Completed: 'teal' };

/** Spec section 4: Completed, a processing state, else Pending; the unfinished ones spin. */
export function BulkStatusBadge({ status }: { status: BulkOrderStatus }) {
  const color = COLORS[status];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      leftSection={status === 'Completed' ? undefined : <Loader size={10} color={color} type="oval" />}
      data-status={status}
      // As on the dashboard: keep a narrow column from squeezing the badge to "Compl…".
      style={{ minWidth: 'max-content' }}
    >
      {status}
    </Badge>
  );
}
