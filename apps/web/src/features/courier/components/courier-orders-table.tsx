import { ActionIcon, Button, Group, Paper, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { formatUsd, type CourierOrderView } from '@portal/shared';
import { IconDownload, IconEye } from '@tabler/icons-react';
import {
  CourierStatusBadge,
  CourierPackage,
  courierDate,
  courierReference,
  CourierRoute,
} from '../../../components/courier-order-details';

type CourierOrdersTableProps = {
  orders: CourierOrderView[];
  isPending: boolean;
  search: string;
  downloadingId: string | null;
  onView: (order: CourierOrderView) => void;
  onDecide: (order: CourierOrderView, decision: 'accept' | 'reject') => void;
  onDownload: (order: CourierOrderView) => void;
};

/** The Orders tab's list (spec section 2): a Status Note column, a view dialog, and the actions of each state. */
export function CourierOrdersTable(props: CourierOrdersTableProps) {
  const { orders, isPending, search } = props;
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped verticalSpacing="sm" miw={900} aria-label="Courier orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>From / To</Table.Th>
              <Table.Th>Package</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Status Note</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <CourierOrderRow key={order._id} order={order} {...props} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {isPending && (
        <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
          Loading courier orders…
        </Text>
      )}
      {!isPending && orders.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          {search
            ? `No courier orders match “${search}”.`
            : 'No courier orders yet. Use Create Order to request an overnight FedEx shipment.'}
        </Text>
      )}
    </Paper>
  );
}

function CourierOrderRow({
  order,
  downloadingId,
  onView,
  onDecide,
  onDownload,
}: CourierOrdersTableProps & { order: CourierOrderView }) {
  const ref = courierReference(order);
  return (
    <Table.Tr data-testid="courier-order-row" data-status={order.status}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600} ff="monospace">
          {ref}
        </Text>
        <Text size="xs" c="dimmed">
          {courierDate(order.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <CourierRoute order={order} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <CourierPackage order={order} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {order.price === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text size="sm" fw={600}>
            {formatUsd(order.price)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <CourierStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td miw={160} maw={260}>
        <Text size="sm" lineClamp={2}>
          {order.note || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {order.status === 'Awaiting User Input' && (
            <>
              <Button
                size="xs"
                color="teal"
                onClick={() => onDecide(order, 'accept')}
                aria-label={`Accept ${ref}`}
              >
                Accept {order.price !== null && formatUsd(order.price)}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => onDecide(order, 'reject')}
                aria-label={`Reject ${ref}`}
              >
                Reject
              </Button>
            </>
          )}
          {order.status === 'Completed' && order.file && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={downloadingId === order._id}
              onClick={() => onDownload(order)}
              aria-label={`Download ${ref}`}
            >
              Download
            </Button>
          )}
          <Tooltip label="View details" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => onView(order)}
              aria-label={`View ${ref}`}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
