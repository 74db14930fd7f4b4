import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type RefundDialogProps = {
  /** What is being refunded, e.g. "LBL-10042 ($2.75)" or "3 orders ($8.25)"; null when closed. */
  subject: string | null;
  isRefunding: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Refund with a required reason: the order is cancelled and its price goes back to the reseller. */
export function RefundDialog({ subject, isRefunding, onConfirm, onClose }: RefundDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={subject !== null} onClose={close} title="Refund" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError('Reason is required');
          if (!isRefunding) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text>
            Refund {subject}? Each order is cancelled, its price goes back to the reseller’s balance, and the
            reseller is told by e-mail.
          </Text>
          <Textarea
            label="Reason"
            description="The reseller sees it."
            required
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isRefunding}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={isRefunding}>
              Refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
