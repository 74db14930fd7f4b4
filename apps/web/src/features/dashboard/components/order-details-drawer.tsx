import { Group, Text } from '@mantine/core';
import { formatUsd, hasBeenScanned, type OrderView } from '@portal/shared';
import { Fact, OrderDetailsBody, OrderDrawer, PlaceFact } from '../../../components/order-details';
import { RefundStatusNote } from '../../../components/refund-status-note';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { refundStateOf } from '../../../lib/status-styles';
import { useListFollowsDetails, useOrder } from '../api/orders';
import { formatOrderDate } from '../lib/format-order';
import { InsuranceFact, ItemsFact, ShippingActions, ShippingDayFact } from './order-extras';
import { OrderStatusBadge } from './order-status-badge';
import { TrackingLink } from './tracking-link';

const placeOf = (order: OrderView, side: 'From' | 'To') =>
  `${order[`${side}Name`]}\n${order[`${side}City`]}, ${order[`${side}State`]} ${order[`${side}Zip`]}`;

/** One order's details from the Order History: where its parcel is, its timeline, and its refund. */
export function OrderDetailsDrawer({
  id,
  onClose,
  onOpenOrder,
}: {
  id: string | null;
  onClose: () => void;
  /** Opens another order in the drawer: a return label and the order it returns. */
  onOpenOrder?: (id: string) => void;
}) {
  const { data: order, isPending, error } = useOrder(id);
  useListFollowsDetails(order);
  return (
    <OrderDrawer id={id} order={order} isPending={isPending} error={error} onClose={onClose}>
      {(order) => <OrderDetails order={order} onOpenOrder={onOpenOrder} />}
    </OrderDrawer>
  );
}

function OrderDetails({
  order,
  onOpenOrder,
}: {
  order: OrderView;
  onOpenOrder?: ((id: string) => void) | undefined;
}) {
  const refund = refundStateOf(order);
  return (
    <OrderDetailsBody
      lead={
        <>
          <Group gap="xs" wrap="wrap">
            <OrderStatusBadge status={order.status} />
            <TrackingStatusBadge status={order.trackingStatus} />
          </Group>
          <Fact label="Tracking">
            <TrackingLink order={order} />
          </Fact>
        </>
      }
      cols={2}
      facts={
        <>
          <Fact label="Label type">{order.labelType.name}</Fact>
          <Fact label="Created">{formatOrderDate(order.createdAt)}</Fact>
          <Fact label="Bought by">{order.createdBy.username}</Fact>
          <PlaceFact label="From" lines={placeOf(order, 'From')} />
          <PlaceFact label="To" lines={placeOf(order, 'To')} />
          <Fact label="Amount">{formatUsd(order.price)}</Fact>
          <InsuranceFact order={order} />
          <ItemsFact order={order} />
          <ShippingDayFact order={order} />
        </>
      }
      notes={
        <>
          {refund.status ? (
            <Fact label="Refund">
              <RefundStatusNote status={refund.status} note={refund.note} />
            </Fact>
          ) : (
            order.status === 'completed' &&
            hasBeenScanned(order.trackingStatus) && (
              <Text size="sm" c="dimmed" data-testid="scanned-note">
                The carrier has scanned this parcel, so its label can no longer be voided or refunded.
              </Text>
            )
          )}
          <ShippingActions order={order} onOpenOrder={onOpenOrder} />
        </>
      }
      events={order.trackingEvents}
    />
  );
}
