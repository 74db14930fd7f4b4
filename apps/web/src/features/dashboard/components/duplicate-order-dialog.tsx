import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd, type OrderView } from '@portal/shared';

type DuplicateOrderDialogProps = {
  order: OrderView | null;
  isDuplicating: boolean;
  onConfirm: (order: OrderView) => void;
  onClose: () => void;
};

/** Spec section 2: asks to order a duplicate, says the same price is charged again, Yes and No. */
export function DuplicateOrderDialog({
  order,
  isDuplicating,
  onConfirm,
  onClose,
}: DuplicateOrderDialogProps) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Duplicate order" centered>
      {order && (
        <Stack gap="md">
          <Text>
            Do you want to order a duplicate of {order.OrderId} ({order.fromName} → {order.toName})?
          </Text>
          <Text size="sm" c="dimmed">
            The same price, {formatUsd(order.price)}, will be charged again from your balance.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isDuplicating}>
              No
            </Button>
            <Button onClick={() => onConfirm(order)} loading={isDuplicating}>
              Yes
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
