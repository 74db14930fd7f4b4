import { Button, Text } from '@mantine/core';
import { formatUsd, type PickupView } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { PICKUP_STATUS_STYLE } from '../../../lib/status-styles';
import { ShipmentCards } from './shipment-cards';

type PickupListProps = {
  pickups: PickupView[];
  cancellingId: string | null;
  onCancel: (pickup: PickupView) => void;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The pickups booked: confirmation, window, price, labels, and Cancel while scheduled. */
export function PickupList({ pickups, cancellingId, onCancel }: PickupListProps) {
  return (
    <ShipmentCards
      empty="No pickups booked."
      cards={pickups.map((pickup) => ({
        id: pickup._id,
        label: `Pickup ${pickup.confirmation}`,
        heading: (
          <>
            <Text fw={600}>
              {pickup.carrier.toUpperCase()} pickup {pickup.confirmation}
            </Text>
            <StatusBadge statusStyle={PICKUP_STATUS_STYLE[pickup.status]} status={pickup.status} />
          </>
        ),
        summary: `${when(pickup.minDatetime)} to ${when(pickup.maxDatetime)} · ${formatUsd(pickup.price)}`,
        count: pickup.packageCount === 1 ? '1 package' : `${pickup.packageCount} packages`,
        orderIds: pickup.orders.map((o) => o.OrderId),
        action: pickup.status === 'scheduled' && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={cancellingId === pickup._id}
            onClick={() => onCancel(pickup)}
          >
            Cancel pickup
          </Button>
        ),
      }))}
    />
  );
}
