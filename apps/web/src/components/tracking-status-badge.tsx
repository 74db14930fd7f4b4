import { Text } from '@mantine/core';
import type { TrackingStatus } from '@portal/shared';
import { TRACKING_STATUS_STYLE } from '../lib/status-styles';
import { StatusBadge } from './status-badge';

/** Where the parcel is, in the one vocabulary for every carrier; a dash before the order has a label. */
export function TrackingStatusBadge({ status }: { status: TrackingStatus | null | undefined }) {
  if (!status)
    return (
      <Text size="xs" c="dimmed" aria-label="No tracking yet">
        —
      </Text>
    );
  return <StatusBadge statusStyle={TRACKING_STATUS_STYLE[status]} status={status} />;
}
