import {
  duplicateOrderResponse,
  LABEL_FILE_TYPES,
  orderListResponse,
  orderResponse,
  orderStatsResponse,
  POLL_INTERVAL_MS,
  refundRequestResponse,
  returnLabelResponse,
  type OrderView,
  type TrackingStatus,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { queryKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { useAfterCharge } from '../../../lib/session';
import { hasNewsToCome, refundStateOf } from '../../../lib/status-styles';
import { printZpl } from '../lib/zebra-print';
import { isOpenStatus } from '../lib/order-status';

export type OrderListParams = {
  search: string;
  status: string;
  /** One tracking status (`delivered`), or none for every order. */
  trackingStatus?: TrackingStatus;
  sort: 'des' | 'asc';
  page: number;
  limit: number;
};
export type OrderList = z.infer<typeof orderListResponse>;

/** GET /order/read?search&status&sort&page&limit: returns orders, totalPages, total (spec section 7). */
export const getOrders = async (params: OrderListParams): Promise<OrderList> =>
  orderListResponse.parse(await api.get('/order/read', { query: params }));

/** GET /order/read/{id}: one order with its tracking timeline (`trackingEvents`, oldest first). */
export const getOrder = async (id: string): Promise<OrderView> =>
  orderResponse.parse(await api.get(`/order/read/${encodeURIComponent(id)}`)).order;

/**
 * While an order's label is still being made (spec section 4), or the provider has been asked to void its
 * label and has not answered yet, ask again every 5 seconds (a request waiting for staff does not poll).
 */
export const pollWhileOpen = (orders: OrderView[] | undefined): number | false =>
  orders?.some((order) => isOpenStatus(order.status) || refundStateOf(order).status === 'submitted')
    ? POLL_INTERVAL_MS
    : false;

/** Every order query sits under `queryKeys.orders.all`, so placing or duplicating an order refreshes them all. */
export const orderQueries = {
  list: (params: OrderListParams) =>
    queryOptions({
      queryKey: queryKeys.orders.list(params),
      queryFn: () => getOrders(params),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => pollWhileOpen(query.state.data?.orders),
    }),
  /** The orders count card: the same call, one row, no filter; `total` is the count. */
  count: () =>
    queryOptions({
      queryKey: queryKeys.orders.count,
      queryFn: () => getOrders({ search: '', status: 'All', sort: 'des', page: 1, limit: 1 }),
      select: (list) => list.total,
    }),
  /** GET /order/stats: the dashboard's tracking counts (in transit, delivered, problems). */
  trackingCounts: () =>
    queryOptions({
      queryKey: queryKeys.orders.stats,
      queryFn: async () => orderStatsResponse.parse(await api.get('/order/stats')),
      select: (stats) => stats.tracking,
    }),
  /** While the details are open and news can still come, ask again every 5 seconds. */
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.orders.detail(id),
      queryFn: () => getOrder(id),
      refetchInterval: (query) =>
        query.state.data && hasNewsToCome(query.state.data) ? POLL_INTERVAL_MS : false,
    }),
};

export const useOrders = (params: OrderListParams) => useQuery(orderQueries.list(params));
export const useOrdersCount = () => useQuery(orderQueries.count());
export const useTrackingCounts = () => useQuery(orderQueries.trackingCounts());
export const useOrder = (id: string | null) => useQuery({ ...orderQueries.detail(id ?? ''), enabled: !!id });

/**
 * When the open details learn something new (the parcel moved, a refund was settled), the list and its
 * counts behind the drawer refresh too, so closing it shows the same news.
 */
export function useListFollowsDetails(order: OrderView | undefined) {
  const queryClient = useQueryClient();
  const news = order ? `${order._id}:${order.status}:${order.trackingStatus}:${order.refundStatus}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = news;
    if (!news || !before || before === news || before.split(':')[0] !== news.split(':')[0]) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.orders.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  }, [news, queryClient]);
}

/**
 * POST /order/duplicate/{id}: priced like a new order today; with the unit price the dialog showed, a price
 * changed since is refused (409) instead of charged. Returns message, the new order and the balance.
 */
export const duplicateOrder = async ({
  id,
  idempotencyKey,
  expectedPrice,
  acceptAddressWarnings = false,
}: {
  id: string;
  idempotencyKey: string;
  expectedPrice?: number;
  /** "Buy anyway" after the address check held the duplicate (422 with `warnings`). */
  acceptAddressWarnings?: boolean;
}) =>
  duplicateOrderResponse.parse(
    await api.post(
      `/order/duplicate/${encodeURIComponent(id)}`,
      expectedPrice === undefined && !acceptAddressWarnings
        ? undefined
        : { expectedPrice, ...(acceptAddressWarnings ? { acceptAddressWarnings } : {}) },
      { headers: idempotencyHeader(idempotencyKey) },
    ),
  );

export const useDuplicateOrder = () => {
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: duplicateOrder,
    onSuccess: ({ balance }) => afterCharge(balance, queryKeys.orders.all),
  });
};

/** POST /order/refund-request/{id}: asks staff to refund a completed order; the reason is optional. */
export const requestRefund = async ({ id, reason }: { id: string; reason: string }) =>
  refundRequestResponse.parse(
    await api.post(`/order/refund-request/${encodeURIComponent(id)}`, reason.trim() ? { reason } : {}),
  );

export const useRequestRefund = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};

/** A label file fetched with the bearer header: ZPL to print goes to a local Zebra printer when one answers. */
const saveOrPrint = async (file: DownloadedFile, name: string, print: boolean) => {
  if (print) await printZpl(file.blob, name);
  else saveFile(file.blob, name);
};

type DownloadInput = { id: string; tracking: string; choice: LabelFileChoice; isPrint?: boolean };

/**
 * GET /order/download/{id}?format=: the label in the chosen format, saved under the server's name. With
 * `isPrint`, ZPL goes to a local Zebra printer when one answers, else it is saved the same way.
 */
export async function downloadOrderLabel({ id, tracking, choice, isPrint }: DownloadInput): Promise<void> {
  const file = await api.get<DownloadedFile>(
    `/order/download/${encodeURIComponent(id)}?${labelFileQuery(choice)}`,
    { responseType: 'file' },
  );
  const name = file.fileName ?? `${tracking}.${LABEL_FILE_TYPES[choice.format].extension}`;
  await saveOrPrint(file, name, !!isPrint && choice.format === 'zpl');
}

export const useDownloadOrderLabel = () => useMutation({ mutationFn: downloadOrderLabel });

/** GET /order/packing-slip/{id}: the order's 4x6 packing slip (PDF), saved under the server's name. */
export async function downloadPackingSlip({ id, orderId }: { id: string; orderId: string }): Promise<void> {
  const file = await api.get<DownloadedFile>(`/order/packing-slip/${encodeURIComponent(id)}`, {
    responseType: 'file',
  });
  saveFile(file.blob, file.fileName ?? `packing-slip-${orderId}.pdf`);
}

export const useDownloadPackingSlip = () => useMutation({ mutationFn: downloadPackingSlip });

/**
 * POST /order/return/{id}: the return label of a completed order, a new order with the addresses
 * swapped, charged as any order (decision 331). Returns message, the new order and the balance.
 */
export const createReturnLabel = async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
  returnLabelResponse.parse(
    await api.post(`/order/return/${encodeURIComponent(id)}`, undefined, {
      headers: idempotencyHeader(idempotencyKey),
    }),
  );

export const useCreateReturnLabel = () => {
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: createReturnLabel,
    onSuccess: ({ balance }) => afterCharge(balance, queryKeys.orders.all),
  });
};

type DownloadSelectedInput = { choice: LabelFileChoice; isPrint?: boolean; withSlips?: boolean } & (
  { ids: string[] } | { search: string; sort: 'asc' | 'des' }
);

/**
 * POST /order/download-selected?format=: the chosen labels in one file, in the order chosen (PDF merged,
 * ZPL one stream, PNG a zip). With `isPrint`, ZPL goes to a local Zebra printer when one is there.
 */
export async function downloadSelected({
  choice,
  isPrint,
  withSlips,
  ...selection
}: DownloadSelectedInput): Promise<void> {
  const file = await api.post<DownloadedFile>(
    `/order/download-selected?${labelFileQuery(choice)}${withSlips ? '&with=slips' : ''}`,
    selection,
    {
      responseType: 'file',
    },
  );
  await saveOrPrint(file, file.fileName ?? 'labels', !!isPrint && choice.format === 'zpl');
}

export const useDownloadSelected = () => useMutation({ mutationFn: downloadSelected });
