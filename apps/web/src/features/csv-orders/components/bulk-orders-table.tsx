import { Stack, Text } from '@mantine/core';
import { formatUsd, type BulkOrderView } from '@portal/shared';
import { CellLines, DataTable, type DataColumn } from '../../../components/data-table';
import { formatBulkDay, formatBulkTime } from '../lib/format-bulk';
import { BulkDownloads, type BulkDownloadProps } from './bulk-downloads';
import { BulkProgress } from './bulk-progress';
import { BulkStatusBadge } from './bulk-status-badge';

export type BulkRowsProps = BulkDownloadProps & { orders: BulkOrderView[] };

const columns = (downloadProps: BulkDownloadProps): DataColumn<BulkOrderView>[] => [
  {
    key: 'created',
    header: 'Created',
    noWrap: true,
    cell: (order) => (
      <CellLines main={formatBulkDay(order.createdAt)} sub={formatBulkTime(order.createdAt)} />
    ),
  },
  {
    key: 'file',
    header: 'File',
    td: () => ({ maw: 220 }),
    cell: (order) => (
      <Stack gap={0}>
        <Text size="sm" truncate="end" title={order.fileName ?? undefined}>
          {order.fileName ?? (order.source === 'api' ? 'Reseller API' : 'CSV upload')}
        </Text>
        <Text size="xs" c="dimmed">
          {order.totalOrders} {order.totalOrders === 1 ? 'order' : 'orders'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'labelType',
    header: 'Label type',
    cell: (order) => (
      <>
        <Text size="sm">{order.labelType.name}</Text>
        {order.design && (
          <Text size="xs" c="dimmed">
            {order.design}
          </Text>
        )}
      </>
    ),
  },
  { key: 'progress', header: 'Progress', cell: (order) => <BulkProgress order={order} /> },
  { key: 'status', header: 'Status', cell: (order) => <BulkStatusBadge status={order.status} /> },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    noWrap: true,
    figures: true,
    cell: (order) => (
      <Text size="sm" fw={600}>
        {formatUsd(order.total)}
      </Text>
    ),
  },
  { key: 'files', header: 'Files', cell: (order) => <BulkDownloads order={order} {...downloadProps} /> },
];

export function BulkOrdersTable({ orders, ...downloadProps }: BulkRowsProps) {
  return (
    <DataTable
      look="portal"
      label="CSV Orders"
      columns={columns(downloadProps)}
      rows={orders}
      rowTestId="bulk-order-row"
      isLoading={false}
      minWidth={880}
      horizontalSpacing={12}
      empty={null}
    />
  );
}
