import { Alert, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd, hasBeenScanned, type OrderView } from '@portal/shared';
import type { ReactNode } from 'react';
import { DetailsDrawer } from '../../../components/details-drawer';
import { RefundStatusNote } from '../../../components/refund-status-note';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { TrackingTimeline } from '../../../components/tracking-timeline';
import { errorMessage } from '../../../lib/notify';
import { refundStateOf } from '../../../lib/status-looks';
import { useListFollowsDetails, useOrder } from '../api/orders';
import { formatOrderDate } from '../lib/format-order';
import { OrderStatusBadge } from './order-status-badge';
import { TrackingLink } from './tracking-link';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} miw={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

const placeOf = (order: OrderView, side: 'From' | 'To') =>
  `${order[`${side}Name`]}\n${order[`${side}City`]}, ${order[`${side}State`]} ${order[`${side}Zip`]}`;

/** One order's details from the Order History: where its parcel is, its timeline, and its refund. */
export function OrderDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data: order, isPending, error } = useOrder(id);
  useListFollowsDetails(order);
  return (
    <DetailsDrawer opened={id !== null} onClose={onClose} title={order ? `Order ${order.OrderId}` : 'Order'}>
      {isPending && id && <Loader size="sm" aria-label="Loading the order" />}
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {order && <OrderDetails order={order} />}
    </DetailsDrawer>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  const refund = refundStateOf(order);
  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <OrderStatusBadge status={order.status} />
        <TrackingStatusBadge status={order.trackingStatus} />
      </Group>
      <Fact label="Tracking">
        <TrackingLink order={order} />
      </Fact>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Fact label="Label type">{order.labelType.name}</Fact>
        <Fact label="Created">{formatOrderDate(order.createdAt)}</Fact>
        <Fact label="From">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {placeOf(order, 'From')}
          </Text>
        </Fact>
        <Fact label="To">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {placeOf(order, 'To')}
          </Text>
        </Fact>
        <Fact label="Amount">{formatUsd(order.price)}</Fact>
      </SimpleGrid>
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
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="tracking-timeline-title">
        <Title order={3} fz="md" id="tracking-timeline-title">
          Tracking history
        </Title>
        <TrackingTimeline events={order.trackingEvents ?? []} />
      </Stack>
    </Stack>
  );
}
