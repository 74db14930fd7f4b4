import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd, type AddressWarning, type OrderView } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { AddressWarnings } from '../../../components/address-warnings';
import { errorMessage } from '../../../lib/notify';
import { orderPriceQueryOptions } from '../../../api/order-price';

type DuplicateOrderDialogProps = {
  order: OrderView | null;
  isDuplicating: boolean;
  /** The address check's doubts when it held the duplicate; "Buy anyway" confirms with them. */
  warnings?: readonly AddressWarning[];
  /** `price` is the unit price shown; the server refuses the duplicate (409) if it changed since. */
  onConfirm: (order: OrderView, price: number, isAccepted?: boolean) => void;
  onClose: () => void;
};

/** What a duplicate costs today, in the reseller's words, next to what the original cost. */
function PriceLine({ order, price }: { order: OrderView; price: number }) {
  if (Math.round(price * 100) === Math.round(order.price * 100))
    return (
      <Text size="sm" c="dimmed">
        The same price, {formatUsd(price)}, will be charged again from your balance.
      </Text>
    );
  return (
    <Text size="sm" fw={600} role="status">
      Today&apos;s price is {formatUsd(price)}, not the {formatUsd(order.price)} {order.OrderId} cost:{' '}
      {formatUsd(price)} will be charged from your balance.
    </Text>
  );
}

/**
 * Spec section 2: asks to order a duplicate, with Yes and No. A duplicate is priced like a new order today
 * (the reseller's prices, the weight limit), so the dialog shows that amount and says when it differs.
 */
export function DuplicateOrderDialog({
  order,
  isDuplicating,
  warnings = [],
  onConfirm,
  onClose,
}: DuplicateOrderDialogProps) {
  const price = useQuery({
    ...orderPriceQueryOptions({ labelType: order?.labelType._id ?? '', weight: order?.Weight ?? 0 }),
    enabled: order !== null,
    staleTime: 0,
  });
  return (
    <Modal opened={order !== null} onClose={onClose} title="Duplicate order" centered>
      {order && (
        <Stack gap="md">
          <Text>
            Do you want to order a duplicate of {order.OrderId} ({order.fromName} → {order.toName})?
          </Text>
          {price.isPending && (
            <Text size="sm" c="dimmed" role="status">
              Checking today&apos;s price…
            </Text>
          )}
          {price.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(price.error)}
            </Text>
          )}
          {price.data !== undefined && <PriceLine order={order} price={price.data} />}
          <AddressWarnings
            warnings={warnings}
            onConfirm={() => price.data !== undefined && onConfirm(order, price.data, true)}
            isConfirming={isDuplicating}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isDuplicating}>
              No
            </Button>
            {warnings.length === 0 && (
              <Button
                onClick={() => price.data !== undefined && onConfirm(order, price.data)}
                loading={isDuplicating}
                disabled={price.data === undefined}
              >
                Yes
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
