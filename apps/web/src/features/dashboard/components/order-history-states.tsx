import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFailure, ListPanel } from '../../../components/list-panel';

export const NO_ORDERS_TITLE = 'No orders yet — create your first label';

export function OrdersSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" role="status" aria-busy="true" aria-label="Loading orders">
      <Stack gap="md">
        <Skeleton height={18} width="40%" radius="sm" />
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    </Paper>
  );
}

export function OrdersError({ onRetry }: { onRetry: () => void }) {
  return (
    <ListFailure
      title="Could not load your orders"
      description="Check your connection and try again."
      onRetry={onRetry}
    />
  );
}

/** No order at all, or none matching the search or the tracking filter (`trackingLabel`, e.g. "Delivered"). */
export function NoOrders({ search, trackingLabel = '' }: { search: string; trackingLabel?: string }) {
  if (search || trackingLabel)
    return (
      <ListPanel
        icon={<IconSearch />}
        title={
          search
            ? `No orders match “${search}”${trackingLabel ? ` with tracking ${trackingLabel}` : ''}`
            : `No orders with tracking ${trackingLabel}`
        }
        description={
          trackingLabel
            ? 'Choose another tracking status, or any tracking, to see more orders.'
            : 'Try a name, a tracking number or an order number.'
        }
      />
    );
  return (
    <ListPanel
      icon={<IconPackage />}
      variant="light"
      title={NO_ORDERS_TITLE}
      description="Buy a USPS, UPS or FedEx label from your balance; it shows up here with its tracking number."
      action={
        <Group gap="sm" justify="center">
          <Button component={Link} to="/createOrders">
            Simple Order
          </Button>
          <Button component={Link} to="/quick-order" variant="default">
            Fast Order
          </Button>
        </Group>
      }
    />
  );
}
