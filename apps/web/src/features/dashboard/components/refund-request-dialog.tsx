import { Text } from '@mantine/core';
import { formatUsd, refundRequestBody, type OrderView } from '@portal/shared';
import { ReasonDialog } from '../../../components/reason-dialog';

type RefundRequestDialogProps = {
  order: OrderView | null;
  isSending: boolean;
  onConfirm: (order: OrderView, reason: string) => void;
  onClose: () => void;
};

/** The reseller's reason is optional (at most 500 characters): the request body's rule. */
const optionalReason = refundRequestBody.unwrap().unwrap();

/** Asks staff to refund a completed order, once, with an optional reason. */
export function RefundRequestDialog({ order, isSending, onConfirm, onClose }: RefundRequestDialogProps) {
  return (
    <ReasonDialog
      opened={order !== null}
      title="Request refund"
      reason={{ label: 'Reason (optional)', placeholder: 'For example: printed twice by mistake' }}
      schema={optionalReason}
      confirmLabel="Request refund"
      isPending={isSending}
      onConfirm={(reason) => {
        if (order) onConfirm(order, reason);
      }}
      footnote={
        <Text size="sm" c="dimmed">
          You can request a refund once per order.
        </Text>
      }
      onClose={onClose}
    >
      {order && (
        <Text>
          Ask us to refund {order.OrderId} ({order.fromName} → {order.toName}). If we approve,{' '}
          {formatUsd(order.price)} goes back to your balance and the label is cancelled.
        </Text>
      )}
    </ReasonDialog>
  );
}
