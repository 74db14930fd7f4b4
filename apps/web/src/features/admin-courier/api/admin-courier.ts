import { adminCourierListResponse, COURIER_PAGE_SIZE, messageResponse } from '@portal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BALANCE_AREAS, listQuery, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

/** The queue looks again now and then, so a reseller's Accept shows up without a reload. */
const QUEUE_REFRESH_MS = 30_000;

export type CourierQueueFilter = { status: string; search: string; page: number };

export const courierQueueQueries = {
  /** GET /admin/courier?status&search&page: every reseller's courier orders, newest first. */
  list: ({ status, search, page }: CourierQueueFilter) =>
    queryOptions({
      ...listQuery(
        queryKeys.admin.courier.list(status, search, page),
        adminCourierListResponse,
        '/admin/courier',
        {
          status: status === 'All' ? undefined : status,
          search,
          page,
          limit: COURIER_PAGE_SIZE,
        },
      ),
      refetchInterval: QUEUE_REFRESH_MS,
    }),
};

export const useCourierQueue = (filter: CourierQueueFilter) => useQuery(courierQueueQueries.list(filter));

export type CourierMove =
  | { kind: 'quote'; id: string; price: number; note: string }
  | { kind: 'complete'; id: string; file: File; note: string }
  | { kind: 'cancel'; id: string; note: string };

const post = (move: CourierMove) => {
  const path = `/admin/courier/${encodeURIComponent(move.id)}/${move.kind}`;
  if (move.kind === 'quote') return api.post(path, { price: move.price, note: move.note });
  if (move.kind === 'cancel') return api.post(path, { note: move.note });
  const form = new FormData();
  form.append('note', move.note);
  form.append('file', move.file);
  return api.post(path, form);
};

/** POST /admin/courier/{id}/quote, /complete (multipart file) or /cancel; the queue and counts reread after. */
export const useMoveCourierOrder = () => {
  const refresh = useStaffRefresh(queryKeys.admin.courier.all, ...BALANCE_AREAS);
  return useMutation({
    mutationFn: async (move: CourierMove) => messageResponse.parse(await post(move)),
    // The dialog shows the failure beside the field it concerns.
    meta: { inlineErrors: true },
    onSettled: refresh,
  });
};
