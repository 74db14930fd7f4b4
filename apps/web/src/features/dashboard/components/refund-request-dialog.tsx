import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatUsd, type OrderView } from '@portal/shared';
import { useState } from 'react';

type RefundRequestDialogProps = {
  order: OrderView | null;
  isSending: boolean;
  onConfirm: (order: OrderView, reason: string) => void;
  onClose: () => void;
};

/** Asks staff to refund a completed order, once, with an optional reason. */
export function RefundRequestDialog({ order, isSending, onConfirm, onClose }: RefundRequestDialogProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal opened={order !== null} onClose={close} title="Request refund" centered>
      {order && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!isSending) onConfirm(order, reason);
          }}
        >
          <Stack gap="md">
            <Text>
              Ask us to refund {order.OrderId} ({order.fromName} → {order.toName}). If we approve,{' '}
              {formatUsd(order.price)} goes back to your balance and the label is cancelled.
            </Text>
            <Textarea
              label="Reason (optional)"
              placeholder="For example: printed twice by mistake"
              maxLength={500}
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Text size="sm" c="dimmed">
              You can request a refund once per order.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isSending}>
                Cancel
              </Button>
              <Button type="submit" loading={isSending}>
                Request refund
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
