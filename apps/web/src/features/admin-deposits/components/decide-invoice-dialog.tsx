import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatUsd, type AdminInvoiceView } from '@portal/shared';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useDecideInvoice } from '../api/invoices';
import { InvoiceReceipt } from './invoice-receipt';

type Props = { invoice: AdminInvoiceView; action: 'approve' | 'cancel'; onClose: () => void };

/** Approve (credits the reseller once) or Cancel with the reason the reseller reads. */
export function DecideInvoiceDialog({ invoice, action, onClose }: Props) {
  const decide = useDecideInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = action === 'approve';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    if (!approve && !reason.trim()) return setError('Reason is required');
    try {
      // The receipt shown here travels with the approval: if the reseller changed it since, nothing moves.
      const result = await decide.mutateAsync({
        id: invoice._id,
        action,
        reason: reason.trim(),
        receipt: invoice.receipt,
      });
      notifySuccess(result.message);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={approve ? `Approve ${invoice.note}?` : `Cancel ${invoice.note}?`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          {!approve && (
            <Textarea
              label="Reason"
              placeholder="No payment with this note arrived"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={500}
              required
              data-autofocus
            />
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color={approve ? 'teal' : 'red'} loading={decide.isPending}>
              {approve ? `Approve ${formatUsd(invoice.amount)}` : 'Cancel invoice'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
