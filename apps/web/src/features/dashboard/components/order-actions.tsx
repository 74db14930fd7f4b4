import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { OrderView } from '@portal/shared';
import { IconCopy, IconDownload, IconReceiptRefund } from '@tabler/icons-react';
import { canDownload } from '../lib/order-status';
import { canRequestRefund } from './refund-note';

type OrderActionsProps = {
  order: OrderView;
  isDownloading: boolean;
  onDownload: (order: OrderView) => void;
  onDuplicate: (order: OrderView) => void;
  onRequestRefund: (order: OrderView) => void;
};

/** Download (completed orders only, spec section 4), Duplicate and Request refund (inside the window). */
export function OrderActions({
  order,
  isDownloading,
  onDownload,
  onDuplicate,
  onRequestRefund,
}: OrderActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canDownload(order.status) && order.tracking && (
        <Tooltip label="Download label" withArrow>
          <ActionIcon
            variant="light"
            aria-label={`Download label ${order.OrderId}`}
            loading={isDownloading}
            onClick={() => onDownload(order)}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Duplicate order" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Duplicate ${order.OrderId}`}
          onClick={() => onDuplicate(order)}
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      {canRequestRefund(order) && (
        <Tooltip label="Request refund" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Request refund ${order.OrderId}`}
            onClick={() => onRequestRefund(order)}
          >
            <IconReceiptRefund size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
