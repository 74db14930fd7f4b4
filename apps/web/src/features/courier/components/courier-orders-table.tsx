import { Button, Text } from '@mantine/core';
import { formatUsd, type CourierOrderView } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import { CourierTable } from '../../../components/courier-table';

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

/** The Orders tab's list (spec section 2): a Status Note column, a view dialog, and the actions of each state. */
export function CourierOrdersTable({
  search,
  downloadingId,
  onDecide,
  onDownload,
  ...table
}: CourierOrdersTableProps) {
  return (
    <CourierTable
      {...table}
      rowTestId="courier-order-row"
      empty={
        search
          ? `No courier orders match “${search}”.`
          : 'No courier orders yet. Use Create Order to request an overnight FedEx shipment.'
      }
      price={(order) =>
        order.price === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text size="sm" fw={600}>
            {formatUsd(order.price)}
          </Text>
        )
      }
      note={{ miw: 160, maw: 260 }}
      actions={(order, ref) => (
        <>
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
        </>
      )}
    />
  );
}
