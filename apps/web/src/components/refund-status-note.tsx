import { Stack, Text } from '@mantine/core';
import type { RefundStatus } from '@portal/shared';
import { isRefundInFlight, REFUND_STATUS_STYLE } from '../lib/status-styles';
import { StatusBadge } from './status-badge';

type RefundStatusNoteProps = {
  status: RefundStatus | null | undefined;
  /** Why the provider refused to void the label: shown under "Refund rejected". */
  note?: string | null;
};

/** Where a refund stands with the provider: requested, submitted, refunded, or rejected and why. */
export function RefundStatusNote({ status, note }: RefundStatusNoteProps) {
  if (!status) return null;
  return (
    <Stack gap={2} align="flex-start" maw={260}>
      <StatusBadge
        statusStyle={REFUND_STATUS_STYLE[status]}
        isWorking={isRefundInFlight(status)}
        status={status}
      />
      {status === 'rejected' && note ? (
        <Text size="xs" c="red.9" data-testid="refund-note">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
