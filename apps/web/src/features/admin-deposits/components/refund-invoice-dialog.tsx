import { Checkbox, Text } from '@mantine/core';
import { formatUsd, type AdminInvoiceView } from '@portal/shared';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useRefundInvoice } from '../api/invoices';

type Props = { invoice: AdminInvoiceView; onClose: () => void };

/** Refund a card (or other hosted) deposit through its provider; the balance is debited in the same step. */
export function RefundInvoiceDialog({ invoice, onClose }: Props) {
  const refund = useRefundInvoice();
  const [allowNegative, setAllowNegative] = useState(false);
  const confirm = async (reason: string) => {
    const result = await refund.mutateAsync({ id: invoice._id, reason, allowNegative });
    notifySuccess(result.message);
    onClose();
  };
  return (
    <ReasonDialog
      opened
      title={`Refund ${invoice.note}?`}
      reason={{ label: 'Reason', placeholder: 'Asked by the reseller', required: true, autoFocus: true }}
      footnote={
        <Checkbox
          label="Refund even if the balance goes below zero"
          checked={allowNegative}
          onChange={(e) => setAllowNegative(e.currentTarget.checked)}
        />
      }
      confirmLabel={`Refund ${formatUsd(invoice.charge ?? invoice.amount)}`}
      confirmColor="red"
      cancelLabel="Back"
      isPending={refund.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        {formatUsd(invoice.charge ?? invoice.amount)} goes back to the payer through the provider, and{' '}
        {formatUsd(invoice.amount)} is taken from {invoice.reseller.discordId}&apos;s balance now.
      </Text>
    </ReasonDialog>
  );
}
