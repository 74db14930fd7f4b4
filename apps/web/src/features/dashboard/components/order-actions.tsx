import type { OrderView } from '@portal/shared';
import { IconCopy, IconDownload, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { RowActions } from '../../../components/icon-action';
import { canDownload } from '../lib/order-status';
import { useCan } from '../../../lib/team-role';
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
  const canBuy = useCan('orders.buy');
  return (
    <RowActions
      actions={[
        {
          tip: 'Download label',
          label: `Download label ${order.OrderId}`,
          icon: <IconDownload size={18} />,
          variant: 'light',
          loading: isDownloading,
          isShown: isReady,
          onClick: () => onDownload(order),
        },
        {
          tip: 'Print label (ZPL)',
          label: `Print label ${order.OrderId}`,
          icon: <IconPrinter size={18} />,
          variant: 'light',
          loading: isDownloading,
          isShown: isReady && !!onPrint,
          onClick: () => onPrint?.(order),
        },
        {
          tip: 'Duplicate order',
          label: `Duplicate ${order.OrderId}`,
          icon: <IconCopy size={18} />,
          variant: 'subtle',
          color: 'gray',
          isShown: canBuy,
          onClick: () => onDuplicate(order),
        },
        {
          tip: 'Request refund',
          label: `Request refund ${order.OrderId}`,
          icon: <IconReceiptRefund size={18} />,
          variant: 'subtle',
          color: 'red',
          isShown: canBuy && canRequestRefund(order),
          onClick: () => onRequestRefund(order),
        },
      ]}
    />
  );
}
