import { Button, Group } from '@mantine/core';
import type { BulkOrderView } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import type { BulkFileKind } from '../api/bulk-orders';

export type BulkDownloadProps = {
  downloading: { id: string; kind: BulkFileKind } | null;
  onDownload: (order: BulkOrderView, kind: BulkFileKind) => void;
};

const FILES: Array<{ kind: BulkFileKind; label: string; title: string }> = [
  { kind: 'zip', label: 'ZIP', title: 'Label PDFs in a zip' },
  { kind: 'csv', label: 'CSV', title: 'Your rows with tracking numbers' },
  { kind: 'pdf', label: 'PDF', title: 'All labels in one PDF' },
  {
    kind: 'slips',
    label: 'Labels with slips',
    title: 'Each label followed by its packing slip, in one file',
  },
  { kind: 'pickList', label: 'Pick list', title: 'Every SKU of the order with its total quantity' },
];

/**
 * ZIP, PDF and labels with slips once a label is ready; the CSV (rows with Tracking, Status, Reason) and the
 * pick list at any time.
 */
export function BulkDownloads({
  order,
  downloading,
  onDownload,
}: BulkDownloadProps & { order: BulkOrderView }) {
  const isReady: Record<BulkFileKind, boolean> = {
    zip: !!order.zip,
    csv: true,
    pdf: !!order.pdf,
    slips: !!order.pdf,
    pickList: true,
  };
  return (
    <Group gap={6} wrap="wrap">
      {FILES.map(({ kind, label, title }) => (
        <Button
          key={kind}
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          title={title}
          aria-label={`Download ${label}`}
          disabled={!isReady[kind]}
          loading={downloading?.id === order._id && downloading.kind === kind}
          onClick={() => onDownload(order, kind)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
