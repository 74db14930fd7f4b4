import { ActionIcon, Button, Group, Paper, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { formatUsd, type AdminCourierOrderView } from '@portal/shared';
import { IconEye } from '@tabler/icons-react';
import {
  CourierStatusBadge,
  CourierPackage,
  courierDate,
  courierReference,
  CourierRoute,
} from '../../../components/courier-order-details';
import type { MoveKind } from './courier-move-dialog';

type CourierQueueTableProps = {
  orders: AdminCourierOrderView[];
  isPending: boolean;
  emptyText: string;
  onView: (order: AdminCourierOrderView) => void;
  onMove: (order: AdminCourierOrderView, kind: MoveKind) => void;
};

/** The moves the server allows from each status (spec section 4), as buttons. */
const MOVES: Record<AdminCourierOrderView['status'], MoveKind[]> = {
  Pending: ['quote', 'cancel'],
  'Awaiting User Input': ['cancel'],
  'In Process': ['complete', 'cancel'],
  Completed: [],
  Cancelled: [],
};
const MOVE_LABELS: Record<MoveKind, string> = { quote: 'Quote', complete: 'Upload PDF', cancel: 'Cancel' };

/** Staff's courier queue: who asked, where to, what it weighs, the quote and what to do next. */
export function CourierQueueTable({ orders, isPending, emptyText, onView, onMove }: CourierQueueTableProps) {
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped verticalSpacing="sm" miw={900} aria-label="Courier orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Reseller</Table.Th>
              <Table.Th>From / To</Table.Th>
              <Table.Th>Package</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Status Note</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => {
              const ref = courierReference(order);
              return (
                <Table.Tr key={order._id} data-testid="courier-queue-row" data-status={order.status}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600} ff="monospace">
                      {ref}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {courierDate(order.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{order.username}</Table.Td>
                  <Table.Td>
                    <CourierRoute order={order} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <CourierPackage order={order} />
                  </Table.Td>
                  <Table.Td ta="right">{order.price === null ? '—' : formatUsd(order.price)}</Table.Td>
                  <Table.Td>
                    <CourierStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td miw={140} maw={220}>
                    <Text size="sm" lineClamp={2}>
                      {order.note || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {MOVES[order.status].map((kind) => (
                        <Button
                          key={kind}
                          size="xs"
                          variant={kind === 'cancel' ? 'light' : 'filled'}
                          color={kind === 'cancel' ? 'red' : kind === 'complete' ? 'teal' : undefined}
                          aria-label={`${MOVE_LABELS[kind]} ${ref}`}
                          onClick={() => onMove(order, kind)}
                        >
                          {MOVE_LABELS[kind]}
                        </Button>
                      ))}
                      <Tooltip label="View details" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={`View ${ref}`}
                          onClick={() => onView(order)}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
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
          {emptyText}
        </Text>
      )}
    </Paper>
  );
}
