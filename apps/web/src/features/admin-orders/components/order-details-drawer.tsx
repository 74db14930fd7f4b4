import { Button, Group } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';
import { Fact, OrderDetailsBody, OrderDrawer, PlaceFact } from '../../../components/order-details';
import { useAdminOrder } from '../api/admin-orders';
import { formatCost, OrderMargin, OrderProvider } from './order-margin';
import { OrderQuotes } from './order-quotes';
import { AdminOrderStatus, isRefundable, OrderTracking } from './order-status';

type OrderDetailsDrawerProps = {
  id: string | null;
  onRefund: (order: AdminOrderView) => void;
  onClose: () => void;
};

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
  return (
    <OrderDrawer id={id} order={data?.order} isPending={isPending} error={error} onClose={onClose}>
      {(order) => (
        <OrderDetailsBody
          cols={{ base: 1, xs: 2 }}
          facts={
            <>
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
                <OrderTracking order={order} size="sm" />
              </Fact>
              <PlaceFact label="From" lines={address(order, 'From')} />
              <PlaceFact label="To" lines={address(order, 'To')} />
              <Fact label="Created">{new Date(order.createdAt).toLocaleString('en-US')}</Fact>
              <Fact label="Source">{order.source === 'api' ? 'Reseller API' : 'App'}</Fact>
              {order.insuredValue != null && (
                <Fact label="Insured value">
                  {formatUsd(order.insuredValue)}
                  {order.insurancePrice != null && ` for ${formatUsd(order.insurancePrice)}`}
                  {order.insuranceStatus === 'test' ? ' (test insurance)' : ' (bought with the label)'}
                </Fact>
              )}
              {order.returnOf && <Fact label="Return label">Return of order {order.returnOf}</Fact>}
            </>
          }
          notes={
            <>
              {order.failureReason && <Fact label="Note">{order.failureReason}</Fact>}
              {order.quotes.length > 0 && (
                <Fact label="Quotes">
                  <OrderQuotes order={order} />
                </Fact>
              )}
              {order.refundRequest && (
                <Fact label="Refund request">
                  {order.refundRequest.reason ?? 'No reason given'}
                  {order.refundRequest.rejectionReason &&
                    ` — declined: ${order.refundRequest.rejectionReason}`}
                </Fact>
              )}
            </>
          }
          events={order.trackingEvents}
          actions={
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
          }
        />
      )}
    </OrderDrawer>
  );
}
