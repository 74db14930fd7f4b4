import { Group } from '@mantine/core';
import type { OrderView } from '@portal/shared';
import { IconCopy, IconDownload, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { IconAction } from '../../../components/icon-action';
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
        <IconAction
          tip="Download label"
          label={`Download label ${order.OrderId}`}
          icon={<IconDownload size={18} />}
          variant="light"
          loading={isDownloading}
          onClick={() => onDownload(order)}
        />
      )}
      {isReady && onPrint && (
        <IconAction
          tip="Print label (ZPL)"
          label={`Print label ${order.OrderId}`}
          icon={<IconPrinter size={18} />}
          variant="light"
          loading={isDownloading}
          onClick={() => onPrint(order)}
        />
      )}
      <IconAction
        tip="Duplicate order"
        label={`Duplicate ${order.OrderId}`}
        icon={<IconCopy size={18} />}
        variant="subtle"
        color="gray"
        onClick={() => onDuplicate(order)}
      />
      {canRequestRefund(order) && (
        <IconAction
          tip="Request refund"
          label={`Request refund ${order.OrderId}`}
          icon={<IconReceiptRefund size={18} />}
          variant="subtle"
          color="red"
          onClick={() => onRequestRefund(order)}
        />
      )}
    </Group>
  );
}
