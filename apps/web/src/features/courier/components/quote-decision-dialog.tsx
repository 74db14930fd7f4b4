import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd, type CourierOrderView } from '@portal/shared';
import { Link } from 'react-router';
import { courierReference } from '../../../components/courier-order-details';

export type QuoteDecision = { order: CourierOrderView; decision: 'accept' | 'reject' } | null;

type QuoteDecisionDialogProps = {
  value: QuoteDecision;
  balance: number;
  isSending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Accept charges the quoted price to the balance; Reject cancels the order. Both ask first. */
export function QuoteDecisionDialog({
  value,
  balance,
  isSending,
  onConfirm,
  onClose,
}: QuoteDecisionDialogProps) {
  const order = value?.order;
  const price = order?.price ?? 0;
  const accepting = value?.decision === 'accept';
  const shortBy = accepting ? Math.round((price - balance) * 100) / 100 : 0;
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      centered
      title={accepting ? 'Accept the quote' : 'Reject the quote'}
    >
      {order && (
        <Stack gap="md">
          {order.note && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              Staff note: {order.note}
            </Text>
          )}
          {accepting ? (
            <Text size="sm">
              Order <b>{courierReference(order)}</b> will be charged <b>{formatUsd(price)}</b> from your
              balance of {formatUsd(balance)}, and our team starts on it.
            </Text>
          ) : (
            <Text size="sm">
              Order <b>{courierReference(order)}</b> will be cancelled. Nothing is charged.
            </Text>
          )}
          {accepting && shortBy > 0 && (
            <Alert color="yellow" title="Not enough balance">
              <Anchor component={Link} to="/deposits" fw={600}>
                Add {formatUsd(shortBy)} to your balance
              </Anchor>{' '}
              to accept this quote.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSending}>
              Back
            </Button>
            <Button
              color={accepting ? 'teal' : 'red'}
              loading={isSending}
              disabled={accepting && shortBy > 0}
              onClick={onConfirm}
            >
              {accepting ? `Accept and pay ${formatUsd(price)}` : 'Reject quote'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
