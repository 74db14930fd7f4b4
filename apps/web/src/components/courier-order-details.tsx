import { Badge, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatUsd, type CourierOrderView, type CourierStatus } from '@portal/shared';

const STATUS_COLORS: Record<CourierStatus, string> = {
  Pending: 'gray',
  'Awaiting User Input': 'yellow',
  'In Process': 'blue',
  Completed: 'teal',
  Cancelled: 'red',
};

/** A courier order's status (spec section 4), one look for the reseller's list and the staff queue. */
export function CourierStatusBadge({ status }: { status: CourierStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      data-status={status}
      style={{ minWidth: 'max-content' }}
    >
      {status}
    </Badge>
  );
}

/** "12 kg · 30 × 20 × 10 cm": the package as the reseller entered it, units and all. */
export const courierPackageSummary = (order: CourierOrderView): string =>
  `${order.weight} ${order.weightUnit} · ${order.length} × ${order.width} × ${order.height} ${
    order.dimensionUnit === 'inch' ? 'in' : 'cm'
  }`;

/** "Nov 23, 11:13 AM": when an order was made, short enough for a table cell. */
export const courierDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The package on two lines (weight, then dimensions), so a table column stays narrow. */
export function CourierPackage({ order }: { order: CourierOrderView }) {
  const [weight, dimensions] = courierPackageSummary(order).split(' · ');
  return (
    <>
      <Text size="sm">{weight}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {dimensions}
      </Text>
    </>
  );
}

/** The short reference resellers and staff both quote (the id's first 8 characters). */
export const courierReference = (order: { _id: string }): string => order._id.slice(0, 8).toUpperCase();

function AddressBlock({ title, address }: { title: string; address: CourierOrderView['from'] }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      <Text size="sm" fw={600}>
        {address.name}
      </Text>
      <Text size="sm">
        {address.street}
        {address.street2 ? `, ${address.street2}` : ''}
      </Text>
      <Text size="sm">
        {address.city}, {address.state} {address.zip}
      </Text>
      <Text size="sm" c="dimmed">
        {address.phone}
      </Text>
    </Stack>
  );
}

/** Every detail of a courier order: the view dialog of the reseller and of staff. */
export function CourierOrderDetails({ order }: { order: CourierOrderView }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <CourierStatusBadge status={order.status} />
        <Text size="sm" c="dimmed">
          Created {new Date(order.createdAt).toLocaleString('en-US')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <AddressBlock title="Sender" address={order.from} />
        <AddressBlock title="Receiver" address={order.to} />
      </SimpleGrid>
      <Divider />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap={2}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Package
          </Text>
          <Text size="sm">{courierPackageSummary(order)}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Price
          </Text>
          <Text size="sm" fw={600}>
            {order.price === null ? 'Not quoted yet' : formatUsd(order.price)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Special Notes
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {order.specialNotes || '—'}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Status Note
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {order.note || '—'}
        </Text>
      </Stack>
    </Stack>
  );
}

/** "Austin, TX → Boston, MA" over "Sam Sender → Rita Receiver": where it goes first, who second. */
export function CourierRoute({ order }: { order: CourierOrderView }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {order.from.city}, {order.from.state} → {order.to.city}, {order.to.state}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {order.from.name} → {order.to.name}
      </Text>
    </>
  );
}
