import { Text } from '@mantine/core';
import { ReasonDialog } from '../../../components/reason-dialog';

type RefundDialogProps = {
  /** What is being refunded, e.g. "LBL-10042 ($2.75)" or "3 orders ($8.25)"; null when closed. */
  subject: string | null;
  isRefunding: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Refund with a required reason: the order is cancelled and its price goes back to the reseller. */
export function RefundDialog({ subject, isRefunding, onConfirm, onClose }: RefundDialogProps) {
  return (
    <ReasonDialog
      opened={subject !== null}
      title="Refund"
      reason={{ label: 'Reason', description: 'The reseller sees it.', required: true }}
      confirmLabel="Refund"
      confirmColor="red"
      isPending={isRefunding}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        Refund {subject}? Each order is cancelled, its price goes back to the reseller’s balance, and the
        reseller is told by e-mail.
      </Text>
    </ReasonDialog>
  );
}
