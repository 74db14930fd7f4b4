import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileDescription } from '@tabler/icons-react';
import { formatUsd, type OrderView } from '@portal/shared';
import { useState } from 'react';
import { Fact } from '../../../components/order-details';
import { StatusBadge } from '../../../components/status-badge';
import { PICKUP_STATUS_STYLE } from '../../../lib/status-styles';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { usePurchaseGuard } from '../../../lib/purchase-guard';
import { useCreateReturnLabel, useDownloadPackingSlip } from '../api/orders';
import { ActionButton } from '../../../components/action-button';

/** The declared value and where its insurance was bought (decision 330). */
export function InsuranceFact({ order }: { order: OrderView }) {
  if (order.insuredValue == null) return null;
  const where =
    order.insuranceStatus === 'test'
      ? ' (test insurance)'
      : order.insuranceStatus === 'bought'
        ? ' (bought with the label)'
        : '';
  return (
    <Fact label="Insured value">
      {formatUsd(order.insuredValue)}
      {order.insurancePrice != null && ` for ${formatUsd(order.insurancePrice)}`}
      {where}
    </Fact>
  );
}

/**
 * Where the label stands on its shipping day, as the Shipping day page shows it (decision 355): the
 * SCAN form it is on (its ship date) and its latest pickup with its confirmation.
 */
export function ShippingDayFact({ order }: { order: OrderView }) {
  const { scanForm, pickup } = order;
  if (!scanForm && !pickup) return null;
  return (
    <Fact label="Shipping day">
      <Group gap="xs" wrap="wrap" data-testid="order-shipping-day">
        {scanForm && (
          <Badge size="sm" variant="light" color="indigo">
            On SCAN form of {scanForm.shipDate}
          </Badge>
        )}
        {pickup && (
          <>
            <StatusBadge statusStyle={PICKUP_STATUS_STYLE[pickup.status]} status={pickup.status} />
            {pickup.confirmation && <Text size="sm">Confirmation {pickup.confirmation}</Text>}
          </>
        )}
      </Group>
    </Fact>
  );
}

/** What the parcel holds, as its packing slip lists it. */
export function ItemsFact({ order }: { order: OrderView }) {
  if (!order.items?.length) return null;
  return (
    <Fact label="Items">
      <List size="sm" spacing={2} data-testid="order-items">
        {order.items.map((item, i) => (
          <List.Item key={i}>
            {item.quantity} × {item.title || item.sku}
            {item.sku && item.title ? ` (${item.sku})` : ''}
          </List.Item>
        ))}
      </List>
    </Fact>
  );
}

/**
 * The drawer's shipping-day actions: the order's packing slip, and "Create return label" for a completed
 * order (a new order, addresses swapped, charged as any order; decision 331). Links to the return and
 * to the order a return belongs to open that order.
 */
export function ShippingActions({
  order,
  onOpenOrder,
}: {
  order: OrderView;
  onOpenOrder?: (id: string) => void;
}) {
  const slip = useDownloadPackingSlip();
  const createReturn = useCreateReturnLabel();
  const purchase = usePurchaseGuard();
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canReturn = order.status === 'completed' && !order.returnOf && !order.returnOrder;

  const buyReturn = async () => {
    setError(null);
    try {
      const result = await purchase.run(`return:${order._id}`, (idempotencyKey) =>
        createReturn.mutateAsync({ id: order._id, idempotencyKey }),
      );
      if (!result) return;
      notifySuccess(`${result.message}: ${result.order.OrderId}`);
      setConfirming(false);
      onOpenOrder?.(result.order._id);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="xs">
      {order.returnOf && (
        <Text size="sm">
          This is a return label.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenOrder?.(order.returnOf!)}>
            Open the original order
          </Anchor>
        </Text>
      )}
      {order.returnOrder && (
        <Text size="sm">
          A return label was made for this order.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onOpenOrder?.(order.returnOrder!)}
          >
            Open the return label
          </Anchor>
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <ActionButton
          variant="default"
          icon={IconFileDescription}
          loading={slip.isPending}
          onClick={() => slip.mutate({ id: order._id, orderId: order.OrderId })}
        >
          Packing slip
        </ActionButton>
        {canReturn && !isConfirming && (
          <ActionButton variant="light" icon={IconArrowBackUp} onClick={() => setConfirming(true)}>
            Create return label
          </ActionButton>
        )}
      </Group>
      {canReturn && isConfirming && (
        <Alert color="blue" title="Create return label" role="group" aria-label="Create return label">
          <Stack gap="xs">
            <Text size="sm">
              A new label from {order.ToName} back to {order.FromName}, bought as a new order at today&apos;s
              price and charged to your balance.
            </Text>
            {error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
            <Group gap="xs">
              <Button size="xs" loading={createReturn.isPending} onClick={() => void buyReturn()}>
                Buy return label
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
