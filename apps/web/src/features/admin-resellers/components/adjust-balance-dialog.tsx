import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { adjustBalanceBody, formatUsd, type AdjustBalanceBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '../../../components/dialog-actions';
import { NumberField } from '../../../components/form-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useAdjustBalance } from '../api/resellers';

type Props = { userId: string; discordId: string; balance: number; opened: boolean; onClose: () => void };
type FormInput = z.input<typeof adjustBalanceBody>;

/** Credit (positive) or debit (negative) with a reason; the server refuses a debit below zero. */
export function AdjustBalanceDialog({ userId, discordId, balance, opened, onClose }: Props) {
  const adjust = useAdjustBalance(userId);
  const form = useForm<FormInput, unknown, AdjustBalanceBody>({
    resolver: zodResolver(adjustBalanceBody),
    defaultValues: { amount: '' as unknown as number, reason: '' },
  });
  const close = () => {
    form.reset();
    adjust.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    if (adjust.isPending) return;
    try {
      const result = await adjust.mutateAsync(body);
      notifySuccess(result.message);
      close();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={`Adjust the balance of ${discordId}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Current balance {formatUsd(balance)}. A positive amount credits it, a negative one debits it.
          </Text>
          <NumberField
            control={form.control}
            name="amount"
            label="Amount (USD)"
            placeholder="25.00 or -10.00"
            decimalScale={2}
            prefix="$"
            allowNegative
            required
            data-autofocus
          />
          <Textarea
            label="Reason"
            placeholder="Why the balance changes (the reseller's ledger shows it)"
            autosize
            minRows={2}
            required
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <DialogActions
            error={form.formState.errors.root?.message}
            submitLabel="Save adjustment"
            isPending={adjust.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
