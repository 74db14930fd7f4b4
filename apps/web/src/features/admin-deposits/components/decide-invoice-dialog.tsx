import { Stack, Text } from '@mantine/core';
import { cancelInvoiceBody, formatUsd, type AdminInvoiceView } from '@portal/shared';
import { ReasonDialog } from '../../../components/reason-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useDecideInvoice } from '../api/invoices';
import { InvoiceReceipt } from './invoice-receipt';

type Props = { invoice: AdminInvoiceView; action: 'approve' | 'cancel'; onClose: () => void };

/** Approve (credits the reseller once) or Cancel with the reason the reseller reads. */
export function DecideInvoiceDialog({ invoice, action, onClose }: Props) {
  const decide = useDecideInvoice();
  const approve = action === 'approve';
  const confirm = async (reason: string) => {
    // The receipt shown here travels with the approval: if the reseller changed it since, nothing moves.
    const result = await decide.mutateAsync({ id: invoice._id, action, reason, receipt: invoice.receipt });
    notifySuccess(result.message);
    onClose();
  };
  return (
    <ReasonDialog
      opened
      title={approve ? `Approve ${invoice.note}?` : `Cancel ${invoice.note}?`}
      reason={
        approve
          ? null
          : {
              label: 'Reason',
              placeholder: 'No payment with this note arrived',
              required: true,
              autoFocus: true,
            }
      }
      schema={cancelInvoiceBody}
      confirmLabel={approve ? `Approve ${formatUsd(invoice.amount)}` : 'Cancel invoice'}
      confirmColor={approve ? 'teal' : 'red'}
      cancelLabel="Back"
      isPending={decide.isPending}
      isCancelLockedWhilePending={false}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        {approve
          ? `${formatUsd(invoice.amount)} is added to ${invoice.reseller.discordId}'s balance. Approve only once the payment with note ${invoice.note} has arrived.`
          : `Nothing is added to ${invoice.reseller.discordId}'s balance. They see the reason on their Deposits page.`}
      </Text>
      {approve && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Receipt
          </Text>
          <InvoiceReceipt invoice={invoice} />
        </Stack>
      )}
    </ReasonDialog>
  );
}
