import { Text } from '@mantine/core';
import { formatUsd, type AdminRefundRequestView } from '@portal/shared';
import { ReasonDialog } from '../../../components/reason-dialog';

export type Decision = { request: AdminRefundRequestView; decision: 'approve' | 'reject' } | null;

type DecisionDialogProps = {
  value: Decision;
  isSending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Approve (the order is refunded) or reject with a reason the reseller reads on their dashboard. */
export function DecisionDialog({ value, isSending, onConfirm, onClose }: DecisionDialogProps) {
  const isReject = value?.decision === 'reject';
  return (
    <ReasonDialog
      opened={value !== null}
      title={isReject ? 'Reject refund request' : 'Approve refund'}
      reason={isReject ? { label: 'Reason', required: true } : null}
      confirmLabel={isReject ? 'Reject' : 'Approve and refund'}
      confirmColor={isReject ? 'red' : 'teal'}
      isPending={isSending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {value && (
        <Text>
          {isReject
            ? `Reject the refund request for ${value.request.order.OrderId}? The reseller reads your reason.`
            : `Refund ${value.request.order.OrderId}? The order is cancelled and ${formatUsd(value.request.order.price)} goes back to ${value.request.reseller.discordId}'s balance.`}
        </Text>
      )}
    </ReasonDialog>
  );
}
