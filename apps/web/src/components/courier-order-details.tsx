import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { formatUsd, type CourierOrderView, type CourierStatus } from '@portal/shared';
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table';
import { IconAction } from './icon-action';
import { COURIER_STATUS_STYLE } from '../lib/status-styles';
import { StatusBadge } from './status-badge';

/** A courier order's status (spec section 4), one look for the reseller's list and the staff queue. */
export function CourierStatusBadge({ status }: { status: CourierStatus }) {
  return <StatusBadge statusStyle={COURIER_STATUS_STYLE[status]} status={status} />;
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

/** A labelled part of the details: "PACKAGE" over what it says. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Text as the reseller typed it, line breaks kept; a dash when empty. */
const Written = ({ text }: { text: string | null | undefined }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
    {text || '—'}
  </Text>
);

function AddressBlock({ title, address }: { title: string; address: CourierOrderView['from'] }) {
  return (
    <Detail label={title}>
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
    </Detail>
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
        <Detail label="Package">
          <Text size="sm">{courierPackageSummary(order)}</Text>
        </Detail>
        <Detail label="Price">
          <Text size="sm" fw={600}>
            {order.price === null ? 'Not quoted yet' : formatUsd(order.price)}
          </Text>
        </Detail>
      </SimpleGrid>
      <Detail label="Special Notes">
        <Written text={order.specialNotes} />
      </Detail>
      <Detail label="Status Note">
        <Written text={order.note} />
      </Detail>
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

type CourierColumnsOptions<T> = {
  /** Staff see who asked, after the order. */
  reseller?: (order: T) => ReactNode;
  price: (order: T) => ReactNode;
  /** How wide the status note may grow. */
  note: { miw: number; maw: number };
};

/** The courier list's columns up to the status note, for the reseller's Orders tab and the staff queue. */
export const courierColumns = <T extends CourierOrderView>({
  reseller,
  price,
  note,
}: CourierColumnsOptions<T>): DataColumn<T>[] => [
  {
    key: 'order',
    header: 'Order',
    noWrap: true,
    cell: (order) => (
      <>
        <Text size="sm" fw={600} ff="monospace">
          {courierReference(order)}
        </Text>
        <Text size="xs" c="dimmed">
          {courierDate(order.createdAt)}
        </Text>
      </>
    ),
  },
  ...(reseller ? [{ key: 'reseller', header: 'Reseller', cell: reseller }] : []),
  { key: 'route', header: 'From / To', cell: (order) => <CourierRoute order={order} /> },
  { key: 'package', header: 'Package', noWrap: true, cell: (order) => <CourierPackage order={order} /> },
  { key: 'price', header: 'Price', align: 'right', noWrap: true, cell: price },
  { key: 'status', header: 'Status', cell: (order) => <CourierStatusBadge status={order.status} /> },
  {
    key: 'note',
    header: 'Status Note',
    td: () => note,
    cell: (order) => (
      <Text size="sm" lineClamp={2}>
        {order.note || '—'}
      </Text>
    ),
  },
];

/** The eye at the end of a courier row: opens the order's details. */
export function CourierViewButton({ order, onView }: { order: CourierOrderView; onView: () => void }) {
  return (
    <IconAction
      tip="View details"
      label={`View ${courierReference(order)}`}
      icon={<IconEye size={18} />}
      variant="subtle"
      color="gray"
      size="lg"
      onClick={onView}
    />
  );
}
