import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { OrderView } from '@portal/shared';
import { IconCopy, IconDownload, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { canDownload } from '../lib/order-status';
import { canRequestRefund } from './refund-note';

type OrderActionsProps = {
  order: OrderView;
  isDownloading: boolean;
  onDownload: (order: OrderView) => void;
  /** ZPL chosen: the label to a local Zebra printer (Zebra Browser Print), else saved as a file. */
  onPrint?: ((order: OrderView) => void) | undefined;
  onDuplicate: (order: OrderView) => void;
  onRequestRefund: (order: OrderView) => void;
};

/** Download (completed orders only, spec section 4), Duplicate and Request refund (inside the window). */
export function OrderActions({
  order,
  isDownloading,
  onDownload,
  onPrint,
  onDuplicate,
  onRequestRefund,
}: OrderActionsProps) {
  const isReady = canDownload(order.status) && !!order.tracking;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {isReady && (
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
      {isReady && onPrint && (
        <Tooltip label="Print label (ZPL)" withArrow>
          <ActionIcon
            variant="light"
            aria-label={`Print label ${order.OrderId}`}
            loading={isDownloading}
            onClick={() => onPrint(order)}
          >
            <IconPrinter size={18} />
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
