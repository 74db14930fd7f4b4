import { Modal, Stack, Textarea, type MantineColor } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffReasonBody } from '@portal/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../lib/notify';
import { DialogActions } from './dialog-actions';
import { showServerFieldErrors } from '../lib/server-field-errors';

/** A shared schema with one text field, `reason`: required (`staffReasonBody`) or optional. */
export type ReasonSchema = z.ZodType<{ reason?: string }, { reason?: string | null }>;

/** The reason field; null when the decision needs none (an approval). */
export type ReasonField = {
  label: string;
  description?: string;
  placeholder?: string;
  /** Shows the required mark; whether it is required is the schema's rule. */
  required?: boolean;
  autoFocus?: boolean;
  /** The name a server's field error gives the reason, when not `reason` (a courier note). */
  serverField?: string;
};

export type ReasonDialogProps = {
  opened: boolean;
  title: string;
  /** What confirming does, in the words the staff member or reseller reads. */
  children: ReactNode;
  reason: ReasonField | null;
  /** Shown under the reason field (a limit worth knowing before confirming). */
  footnote?: ReactNode;
  /** Judges the reason; the staff reason (required, at most 500 characters) unless given. */
  schema?: ReasonSchema;
  confirmLabel: string;
  confirmColor?: MantineColor;
  cancelLabel?: string;
  isPending: boolean;
  /** Whether Cancel is off while the confirmation is sent. */
  isCancelLockedWhilePending?: boolean;
  /**
   * Gets the trimmed reason. A rejected promise shows its message under the field it names (a server's
   * field error on the reason) or above the buttons; a void answer leaves failures to the caller.
   */
  onConfirm: (reason: string) => Promise<unknown> | void;
  onClose: () => void;
};

/**
 * The dialog of a refund, cancel or decision: what happens, an optional or required reason, Cancel and
 * the confirm button (as bulletproof-react's ConfirmationDialog). A fresh form each time it opens.
 */
export function ReasonDialog({ opened, title, onClose, ...form }: ReasonDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ReasonForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function ReasonForm({
  children,
  reason: field,
  footnote,
  schema = staffReasonBody,
  confirmLabel,
  confirmColor,
  cancelLabel = 'Cancel',
  isPending,
  isCancelLockedWhilePending = true,
  onConfirm,
  onClose,
}: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const form = useForm<{ reason?: string | null }, unknown, { reason?: string }>({
    // Without a reason field (an approval) there is nothing to judge.
    resolver: field ? zodResolver(schema) : undefined,
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    if (isPending) return;
    try {
      await onConfirm(reason?.trim() ?? '');
    } catch (error) {
      const serverField = field?.serverField ?? 'reason';
      const isOnField = showServerFieldErrors(
        error,
        (_name, message, options) => form.setError('reason', message, options),
        [serverField],
      );
      if (!isOnField) form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        {field && (
          <Textarea
            label={field.label}
            description={field.description}
            placeholder={field.placeholder}
            required={field.required}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus={field.autoFocus || undefined}
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
        )}
        {footnote}
        <DialogActions
          error={form.formState.errors.root?.message}
          submitLabel={confirmLabel}
          submitColor={confirmColor}
          isPending={isPending}
          cancelLabel={cancelLabel}
          onCancel={onClose}
          isCancelDisabled={isCancelLockedWhilePending && isPending}
        />
      </Stack>
    </form>
  );
}
