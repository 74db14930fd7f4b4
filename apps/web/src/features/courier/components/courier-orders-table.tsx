import { Button, Group, Text } from '@mantine/core';
import { formatUsd, type CourierOrderView } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import {
  courierColumns,
  courierReference,
  CourierViewButton,
} from '../../../components/courier-order-details';
import { DataTable, type DataColumn } from '../../../components/data-table';

type CourierOrdersTableProps = {
  orders: CourierOrderView[];
  isPending: boolean;
  error: unknown;
  search: string;
  downloadingId: string | null;
  onView: (order: CourierOrderView) => void;
  onDecide: (order: CourierOrderView, decision: 'accept' | 'reject') => void;
  onDownload: (order: CourierOrderView) => void;
};

const columns = ({
  downloadingId,
  onView,
  onDecide,
  onDownload,
}: CourierOrdersTableProps): DataColumn<CourierOrderView>[] => [
  ...courierColumns<CourierOrderView>({
    price: (order) =>
      order.price === null ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Text size="sm" fw={600}>
          {formatUsd(order.price)}
        </Text>
      ),
    note: { miw: 160, maw: 260 },
  }),
  {
    key: 'action',
    header: 'Action',
    align: 'right',
    cell: (order) => {
      const ref = courierReference(order);
      return (
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
          <CourierViewButton order={order} onView={() => onView(order)} />
        </Group>
      );
    },
  },
];

/** The Orders tab's list (spec section 2): a Status Note column, a view dialog, and the actions of each state. */
export function CourierOrdersTable(props: CourierOrdersTableProps) {
  return (
    <DataTable
      label="Courier orders"
      columns={columns(props)}
      rows={props.orders}
      rowTestId="courier-order-row"
      rowProps={(order) => ({ 'data-status': order.status })}
      isLoading={props.isPending}
      error={props.error}
      minWidth={900}
      highlightOnHover={false}
      empty={
        props.search
          ? `No courier orders match “${props.search}”.`
          : 'No courier orders yet. Use Create Order to request an overnight FedEx shipment.'
      }
    />
  );
}
