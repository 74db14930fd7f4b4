import { CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, type AddressWarning, type OrderView } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabelFormatPicker } from '../../../components/label-format-picker';
import { heldAddressWarnings } from '../../../lib/address-hold';
import { useDefaultLabelFile, type LabelFileChoice } from '../../../lib/label-format';
import { notifySuccess } from '../../../lib/notify';
import { usePurchaseGuard } from '../../../lib/purchase-guard';
import {
  useDownloadOrderLabel,
  useDownloadSelected,
  useDuplicateOrder,
  useOrders,
  useRequestRefund,
} from '../api/orders';
import { useOrderSelection } from '../hooks/use-order-selection';
import { useCreateScanForm } from '../../../api/shipping-day';
import { DuplicateOrderDialog } from './duplicate-order-dialog';
import { OrderActions } from './order-actions';
import { NoOrders, OrdersError, OrdersSkeleton } from './order-history-states';
import { OrderCards } from './order-cards';
import { OrderTable } from './order-table';
import { RefundRequestDialog } from './refund-request-dialog';
import { SelectionBar } from './selection-bar';
import { OrderDetailsDrawer } from './order-details-drawer';
import { TrackingCounts } from './tracking-counts';
import { parseTrackingFilter, TrackingFilter } from './tracking-filter';
import { TRACKING_STATUS_STYLE } from '../../../lib/status-styles';
import { PageNav } from '../../../components/page-nav';
import { SearchInput } from '../../../components/search-input';

const SORT_OPTIONS = [
  { value: 'des', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];
const SEARCH_DEBOUNCE_MS = 300;

/** Order History (spec section 2): sort, search, Prev / current / Next, download and duplicate. */
export function OrderHistory() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const sort = params.get('sort') === 'asc' ? 'asc' : 'des';
  const search = params.get('search') ?? '';
  const tracking = parseTrackingFilter(params.get('tracking'));
  const [searchText, setSearchText] = useState(search);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;

  // Navigations render in a transition, so a second change (a sort chosen while a cleared search waits
  // out its debounce) can come before the first has rendered: build on the last written query, not on
  // the one this render saw, or the second change puts back what the first removed.
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const update = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(written.current);
    for (const [key, value] of Object.entries(changes)) {
      const isDefault =
        (key === 'page' && value === 1) || (key === 'sort' && value === 'des') || value === '';
      if (isDefault) next.delete(key);
      else next.set(key, String(value));
    }
    written.current = next;
    setParams(next, { replace: true });
  };
  const applySearch = useDebouncedCallback(
    (text: string) => update({ search: text.trim(), page: 1 }),
    SEARCH_DEBOUNCE_MS,
  );
  const changeSearch = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };

  const orders = useOrders({
    search,
    status: 'All',
    trackingStatus: tracking || undefined,
    sort,
    page,
    limit: PAGE_SIZE.orders,
  });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const download = useDownloadOrderLabel();
  const defaultFile = useDefaultLabelFile();
  const [pickedFile, setPickedFile] = useState<LabelFileChoice | null>(null);
  const labelFile = pickedFile ?? defaultFile;
  const duplicate = useDuplicateOrder();
  const purchase = usePurchaseGuard();
  const [duplicating, setDuplicating] = useState<OrderView | null>(null);
  const [duplicateWarnings, setDuplicateWarnings] = useState<AddressWarning[]>([]);
  const closeDuplicate = () => {
    setDuplicating(null);
    setDuplicateWarnings([]);
  };

  const confirmDuplicate = async (order: OrderView, expectedPrice: number, isAccepted = false) => {
    try {
      const intent = `duplicate:${order._id}${isAccepted ? ':anyway' : ''}`;
      const result = await purchase.run(intent, (idempotencyKey) =>
        duplicate.mutateAsync({
          id: order._id,
          idempotencyKey,
          expectedPrice,
          acceptAddressWarnings: isAccepted,
        }),
      );
      if (!result) return; // the second click of a double click: the first one is on its way
      notifySuccess(result.message);
    } catch (error) {
      // Held for its addresses: the dialog shows them with "Buy anyway". Anything else is in a toast.
      const held = heldAddressWarnings(error);
      if (held) {
        setDuplicateWarnings(held);
        return;
      }
    }
    closeDuplicate();
  };

  const refundRequest = useRequestRefund();
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const confirmRefundRequest = (order: OrderView, reason: string) =>
    refundRequest.mutate(
      { id: order._id, reason },
      {
        onSuccess: (result) => notifySuccess(result.message),
        // Refused (already requested, window closed): the toast says why; the dialog closes either way.
        onSettled: () => setRefunding(null),
      },
    );

  // "Every match" downloads by search alone, so it is offered only while no tracking filter narrows the list.
  const selectableSearch = tracking ? '' : search;
  const selection = useOrderSelection(orders.data?.orders ?? [], selectableSearch);
  const downloadSelected = useDownloadSelected();
  const [withSlips, setWithSlips] = useState(false);
  const onDownloadSelected = (isPrint: boolean) => {
    const slips = withSlips && labelFile.format !== 'png';
    downloadSelected.mutate(
      selection.isAllMatching
        ? { choice: labelFile, isPrint, withSlips: slips, search, sort }
        : { choice: labelFile, isPrint, withSlips: slips, ids: selection.ids },
    );
  };

  const scanForm = useCreateScanForm();
  const onScanForm = () =>
    scanForm.mutate(
      { orderIds: selection.ids },
      {
        onSuccess: (result) => notifySuccess(`${result.message} for ${result.scanForm.orders.length} labels`),
      },
    );

  const downloadingId = download.isPending ? (download.variables?.id ?? null) : null;
  const downloadLabel = (order: OrderView, isPrint = false) =>
    download.mutate({ id: order._id, tracking: order.tracking ?? order.OrderId, choice: labelFile, isPrint });
  const rowProps = {
    selection,
    orders: orders.data?.orders ?? [],
    actions: (order: OrderView) => (
      <OrderActions
        order={order}
        isDownloading={downloadingId === order._id}
        onDownload={downloadLabel}
        onPrint={labelFile.format === 'zpl' ? (next) => downloadLabel(next, true) : undefined}
        onDuplicate={setDuplicating}
        onRequestRefund={setRefunding}
      />
    ),
    onOpen: (order: OrderView) => setDetailsId(order._id),
  };

  let content;
  if (orders.isPending) content = <OrdersSkeleton />;
  else if (orders.isError && !orders.data) content = <OrdersError onRetry={() => void orders.refetch()} />;
  else if (rowProps.orders.length === 0 && page === 1)
    content = (
      <NoOrders search={search} trackingLabel={tracking ? TRACKING_STATUS_STYLE[tracking].label : ''} />
    );
  else
    content = (
      <Stack gap="md">
        <SelectionBar
          selection={selection}
          total={orders.data?.total ?? 0}
          search={selectableSearch}
          isDownloading={downloadSelected.isPending}
          labelFile={labelFile}
          onLabelFile={setPickedFile}
          withSlips={withSlips}
          onWithSlips={setWithSlips}
          onDownload={onDownloadSelected}
          onScanForm={onScanForm}
          isMakingScanForm={scanForm.isPending}
        />
        {isPhone ? <OrderCards {...rowProps} /> : <OrderTable {...rowProps} />}
        <PageNav
          label="Order History pages"
          page={page}
          totalPages={orders.data?.totalPages ?? 1}
          onPage={(next) => update({ page: next })}
          always
        />
      </Stack>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="order-history-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="order-history-title">
            Order History
          </Title>
          {orders.data && (
            <Text size="sm" c="dimmed">
              {orders.data.total === 1 ? '1 order' : `${orders.data.total.toLocaleString('en-US')} orders`}
              {search ? ` matching “${search}”` : ''}
              {tracking ? ` · ${TRACKING_STATUS_STYLE[tracking].label}` : ''}
            </Text>
          )}
        </Stack>
        <Group gap="sm" w={{ base: '100%', sm: 'auto' }} wrap={isPhone ? 'wrap' : 'nowrap'}>
          <SearchInput
            aria-label="Search orders"
            placeholder="Search orders"
            rightSection={
              searchText ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => changeSearch('')} />
              ) : null
            }
            value={searchText}
            onChange={changeSearch}
            flex={1}
            w={{ sm: 280 }}
          />
          <Select
            aria-label="Sort orders"
            data={SORT_OPTIONS}
            value={sort}
            onChange={(value) => update({ sort: value ?? 'des', page: 1 })}
            allowDeselect={false}
            w={{ base: 140, sm: 160 }}
          />
          {/* On a phone the picker takes its own line, so search keeps room to type. */}
          <LabelFormatPicker
            size="sm"
            w={{ base: '100%', sm: 190 }}
            value={labelFile}
            onChange={setPickedFile}
          />
        </Group>
      </Group>
      <TrackingCounts
        filter={<TrackingFilter value={tracking} onChange={(next) => update({ tracking: next, page: 1 })} />}
      />
      {content}
      <DuplicateOrderDialog
        order={duplicating}
        isDuplicating={duplicate.isPending}
        warnings={duplicateWarnings}
        onConfirm={confirmDuplicate}
        onClose={closeDuplicate}
      />
      <OrderDetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} onOpenOrder={setDetailsId} />
      <RefundRequestDialog
        order={refunding}
        isSending={refundRequest.isPending}
        onConfirm={confirmRefundRequest}
        onClose={() => setRefunding(null)}
      />
    </Stack>
  );
}
