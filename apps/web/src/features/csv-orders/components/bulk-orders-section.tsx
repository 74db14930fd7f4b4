import { Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BulkOrderView } from '@portal/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { LabelFormatPicker } from '../../../components/label-format-picker';
import { ListFailure, ListPanel } from '../../../components/list-panel';
import { useDefaultLabelFile, type LabelFileChoice } from '../../../lib/label-format';
import { PageNav } from '../../../components/page-nav';
import { type BulkFileKind, useBulkOrders, useDownloadBulkFile } from '../api/bulk-orders';
import { BulkOrderCards } from './bulk-order-cards';
import { BulkOrdersTable } from './bulk-orders-table';

/** CSV Orders (spec section 2): every upload with its progress, refreshed every 5 s while labels are made. */
export function BulkOrdersSection() {
  const [page, setPage] = useState(1);
  const defaultFile = useDefaultLabelFile();
  const [pickedFile, setPickedFile] = useState<LabelFileChoice | null>(null);
  const labelFile = pickedFile ?? defaultFile;
  const bulkOrders = useBulkOrders(page);
  const download = useDownloadBulkFile();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const data = bulkOrders.data;
  const isWorking = data?.orders.some((order) => order.status !== 'Completed') ?? false;

  const rowProps = {
    orders: data?.orders ?? [],
    downloading: download.isPending ? (download.variables ?? null) : null,
    onDownload: (order: BulkOrderView, kind: BulkFileKind) =>
      download.mutate({ id: order._id, kind, choice: labelFile }),
  };

  let content;
  if (bulkOrders.isPending) {
    content = (
      <Paper withBorder radius="lg" p="md" role="status" aria-busy="true" aria-label="Loading CSV orders">
        <Stack gap="md">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={28} radius="sm" />
          ))}
        </Stack>
      </Paper>
    );
  } else if (bulkOrders.isError && !data) {
    content = (
      <ListFailure title="Could not load your CSV orders" onRetry={() => void bulkOrders.refetch()} />
    );
  } else if (rowProps.orders.length === 0) {
    content = (
      <ListPanel
        icon={<IconFileSpreadsheet />}
        variant="light"
        title="No CSV orders yet"
        description="Validate a CSV above and pay: its labels show up here with their progress and downloads."
      />
    );
  } else {
    content = isPhone ? <BulkOrderCards {...rowProps} /> : <BulkOrdersTable {...rowProps} />;
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="csv-orders-title">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4" id="csv-orders-title">
          CSV Orders
        </Title>
        <Group gap="sm">
          {isWorking && (
            <Group gap={6} c="dimmed">
              <Loader size={12} />
              <Text size="xs">Making labels, refreshing every 5 s</Text>
            </Group>
          )}
          {rowProps.orders.length > 0 && (
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed" aria-hidden>
                Labels in one file
              </Text>
              <LabelFormatPicker
                aria-label="Format of labels in one file"
                value={labelFile}
                onChange={setPickedFile}
              />
            </Group>
          )}
        </Group>
      </Group>
      {content}
      <PageNav label="CSV Orders pages" page={page} totalPages={data?.totalPages} onPage={setPage} />
    </Stack>
  );
}
