import {
  COURIER_PAGE_SIZE,
  courierListResponse,
  messageResponse,
  type CreateCourierOrderBody,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { queryKeys } from '../../../lib/query-keys';

/** While staff still owe a move (a quote or the file), the list looks again now and then. */
const WAITING_REFRESH_MS = 20_000;

export const courierOrderQueries = {
  /** GET /fed/read?page&limit&search: the reseller's courier orders, 20 a page, newest first. */
  list: (page: number, search: string) =>
    queryOptions({
      queryKey: queryKeys.courierOrders.list(page, search),
      queryFn: async () =>
        courierListResponse.parse(
          await api.get('/fed/read', { query: { page, limit: COURIER_PAGE_SIZE, search } }),
        ),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.docs.some((o) => o.status === 'Pending' || o.status === 'In Process')
          ? WAITING_REFRESH_MS
          : false,
    }),
};

export const useCourierOrders = (page: number, search: string) =>
  useQuery(courierOrderQueries.list(page, search));

/** POST /fed/create-order. */
export const useCreateCourierOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCourierOrderBody) =>
      messageResponse.parse(await api.post('/fed/create-order', body)),
    // The form puts field messages on their fields and toasts the rest itself.
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.courierOrders.all }),
  });
};

/**
 * PATCH /fed/update/{id} with { status }: Accept (In Process) or Reject (Cancelled) a quote. Either way the
 * list and the balance are read again, so a refused move still shows the order's real state.
 */
export const useUpdateCourierStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (q: { id: string; status: 'In Process' | 'Cancelled' }) =>
      messageResponse.parse(await api.patch(`/fed/update/${encodeURIComponent(q.id)}`, { status: q.status })),
    // Spec section 8: a failed courier status update is only logged, never toasted.
    meta: { inlineErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.courierOrders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
};

/** GET /fed/download/{id}: the file staff attached, saved under the name the server gives it. */
export const useDownloadCourierFile = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const file = await api.get<DownloadedFile>(`/fed/download/${encodeURIComponent(id)}`, {
        responseType: 'file',
      });
      saveFile(file.blob, file.fileName ?? `courier-${id.slice(0, 8)}.pdf`);
    },
  });
