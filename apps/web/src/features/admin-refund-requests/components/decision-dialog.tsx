import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatUsd, type AdminRefundRequestView } from '@portal/shared';
import { useState } from 'react';

export type Decision = { request: AdminRefundRequestView; decision: 'approve' | 'reject' } | null;

type DecisionDialogProps = {
  value: Decision;
  isSending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Approve (the order is refunded) or reject with a reason the reseller reads on their dashboard. */
export function DecisionDialog({ value, isSending, onConfirm, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const isReject = value?.decision === 'reject';
  return (
    <Modal
      opened={value !== null}
      onClose={close}
      title={isReject ? 'Reject refund request' : 'Approve refund'}
      centered
    >
      {value && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (isReject && !reason.trim()) return setError('Reason is required');
            if (!isSending) onConfirm(reason.trim());
          }}
        >
          <Stack gap="md">
            <Text>
              {isReject
                ? `Reject the refund request for ${value.request.order.OrderId}? The reseller reads your reason.`
                : `Refund ${value.request.order.OrderId}? The order is cancelled and ${formatUsd(value.request.order.price)} goes back to ${value.request.reseller.discordId}'s balance.`}
            </Text>
            {isReject && (
              <Textarea
                label="Reason"
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
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isSending}>
                Cancel
              </Button>
              <Button type="submit" color={isReject ? 'red' : 'teal'} loading={isSending}>
                {isReject ? 'Reject' : 'Approve and refund'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
