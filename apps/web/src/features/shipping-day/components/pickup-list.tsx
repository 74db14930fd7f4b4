import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatUsd, type PickupView } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { PICKUP_STATUS_STYLE } from '../../../lib/status-styles';

type PickupListProps = {
  pickups: PickupView[];
  cancellingId: string | null;
  onCancel: (pickup: PickupView) => void;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The pickups booked: confirmation, window, price, labels, and Cancel while scheduled. */
export function PickupList({ pickups, cancellingId, onCancel }: PickupListProps) {
  if (pickups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No pickups booked.
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {pickups.map((pickup) => (
        <Paper
          key={pickup._id}
          withBorder
          radius="md"
          p="sm"
          component="li"
          aria-label={`Pickup ${pickup.confirmation}`}
        >
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>
                  {pickup.carrier.toUpperCase()} pickup {pickup.confirmation}
                </Text>
                <StatusBadge statusStyle={PICKUP_STATUS_STYLE[pickup.status]} status={pickup.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {when(pickup.minDatetime)} to {when(pickup.maxDatetime)} · {formatUsd(pickup.price)}
              </Text>
              <Text size="sm">
                {pickup.packageCount === 1 ? '1 package' : `${pickup.packageCount} packages`}:{' '}
                {pickup.orders.map((o) => o.OrderId).join(', ')}
              </Text>
            </Stack>
            {pickup.status === 'scheduled' && (
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={cancellingId === pickup._id}
                onClick={() => onCancel(pickup)}
              >
                Cancel pickup
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
