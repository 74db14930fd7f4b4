import { Alert, Button, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';
import type { ReactNode } from 'react';
import { DetailsDrawer } from '../../../components/details-drawer';
import { TrackingStatusBadge } from '../../../components/tracking-status-badge';
import { TrackingTimeline } from '../../../components/tracking-timeline';
import { errorMessage } from '../../../lib/notify';
import { useAdminOrder } from '../api/admin-orders';
import { formatCost, OrderMargin, OrderProvider } from './order-margin';
import { AdminOrderStatus, isRefundable } from './order-status';

type OrderDetailsDrawerProps = {
  id: string | null;
  onRefund: (order: AdminOrderView) => void;
  onClose: () => void;
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0} miw={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

const address = (o: AdminOrderView, side: 'From' | 'To') =>
  [
    o[`${side}Name`],
    o[`${side}Street`],
    o[`${side}Street2`],
    `${o[`${side}City`]}, ${o[`${side}State`]} ${o[`${side}Zip`]}`,
  ]
    .filter(Boolean)
    .join('\n');

/** GET /admin/orders/{id}: one order with its reseller, addresses, label, tracking timeline and refund. */
export function OrderDetailsDrawer({ id, onRefund, onClose }: OrderDetailsDrawerProps) {
  const { data, isPending, error } = useAdminOrder(id);
  const order = data?.order;
  return (
    <DetailsDrawer opened={id !== null} onClose={onClose} title={order ? `Order ${order.OrderId}` : 'Order'}>
      {isPending && id && <Loader size="sm" aria-label="Loading the order" />}
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {order && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label="Reseller">
              {order.reseller.discordId} ({order.reseller.username})
            </Fact>
            <Fact label="Status">
              <AdminOrderStatus order={order} />
            </Fact>
            <Fact label="Label type">{order.labelType.name}</Fact>
            <Fact label="Amount">{formatUsd(order.price)}</Fact>
            <Fact label="Bought at">
              <OrderProvider order={order} size="sm" />
            </Fact>
            <Fact label="Cost and margin">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {formatCost(order.cost)}
                <OrderMargin order={order} />
              </Group>
            </Fact>
            <Fact label="Weight">{order.Weight}</Fact>
            <Fact label="Tracking">
              <Stack gap={4} align="flex-start">
                {order.tracking && <TrackingStatusBadge status={order.trackingStatus} />}
                <Text size="sm" ff="monospace">
                  {order.tracking ?? '—'}
                </Text>
              </Stack>
            </Fact>
            <Fact label="From">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {address(order, 'From')}
              </Text>
            </Fact>
            <Fact label="To">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {address(order, 'To')}
              </Text>
            </Fact>
            <Fact label="Created">{new Date(order.createdAt).toLocaleString('en-US')}</Fact>
            <Fact label="Source">{order.source === 'api' ? 'Reseller API' : 'App'}</Fact>
          </SimpleGrid>
          {order.failureReason && <Fact label="Note">{order.failureReason}</Fact>}
          {order.refundRequest && (
            <Fact label="Refund request">
              {order.refundRequest.reason ?? 'No reason given'}
              {order.refundRequest.rejectionReason && ` — declined: ${order.refundRequest.rejectionReason}`}
            </Fact>
          )}
          <Divider />
          <Stack gap="sm" component="section" aria-labelledby="admin-tracking-timeline-title">
            <Title order={3} fz="md" id="admin-tracking-timeline-title">
              Tracking history
            </Title>
            <TrackingTimeline events={order.trackingEvents ?? []} />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {isRefundable(order) && (
              <Button color="red" onClick={() => onRefund(order)}>
                Refund
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </DetailsDrawer>
  );
}
