import {
  pickupListResponse,
  pickupQuoteResponse,
  pickupResponse,
  scanFormListResponse,
  scanFormResponse,
  shippingDayResponse,
  type CreatePickupBody,
  type CreateScanFormBody,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { saveFile } from '../lib/save-file';

/**
 * SCAN forms and pickups (issue 46): the Shipping day page reads and books them, the dashboard's
 * selection bar makes a SCAN form of the labels picked, so the calls live here, beside both features.
 */
export const shippingDayQueries = {
  /** GET /scan-forms/today: today's labels by carrier and from-address. */
  today: () =>
    queryOptions({
      queryKey: queryKeys.shippingDay.today,
      queryFn: async () => shippingDayResponse.parse(await api.get('/scan-forms/today')),
    }),
  scanForms: () =>
    queryOptions({
      queryKey: queryKeys.shippingDay.scanForms,
      queryFn: async () => scanFormListResponse.parse(await api.get('/scan-forms')).scanForms,
    }),
  pickups: () =>
    queryOptions({
      queryKey: queryKeys.shippingDay.pickups,
      queryFn: async () => pickupListResponse.parse(await api.get('/pickups')).pickups,
    }),
};

export const useShippingDay = () => useQuery(shippingDayQueries.today());
export const useScanForms = () => useQuery(shippingDayQueries.scanForms());
export const usePickups = () => useQuery(shippingDayQueries.pickups());

const useRefreshShippingDay = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.shippingDay.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
};

/** POST /scan-forms with `{ orderIds }` or `{ bulkOrderId }`; a refusal's toast names the labels that do not fit. */
export const useCreateScanForm = () => {
  const refresh = useRefreshShippingDay();
  return useMutation({
    mutationFn: async (body: CreateScanFormBody) =>
      scanFormResponse.parse(await api.post('/scan-forms', body)),
    onSuccess: refresh,
  });
};

/** GET /scan-forms/{id}/download: the form's PDF. */
export const useDownloadScanForm = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const file = await api.get<DownloadedFile>(`/scan-forms/${encodeURIComponent(id)}/download`, {
        responseType: 'file',
      });
      saveFile(file.blob, file.fileName ?? `scan-form-${id.slice(0, 8)}.pdf`);
    },
  });

/** POST /pickups with `quoteOnly`: the carrier's price, nothing booked. */
export const useQuotePickup = () =>
  useMutation({
    mutationFn: async (body: CreatePickupBody) =>
      pickupQuoteResponse.parse(await api.post('/pickups', { ...body, quoteOnly: true })).quote,
    // The dialog shows why it was refused.
    meta: { inlineErrors: true },
  });

/** POST /pickups: books it and charges its price. */
export const useCreatePickup = () => {
  const refresh = useRefreshShippingDay();
  return useMutation({
    mutationFn: async (body: CreatePickupBody) => pickupResponse.parse(await api.post('/pickups', body)),
    meta: { inlineErrors: true },
    onSuccess: refresh,
  });
};

/** DELETE /pickups/{id}: cancelled while the carrier allows, its charge refunded. */
export const useCancelPickup = () => {
  const refresh = useRefreshShippingDay();
  return useMutation({
    mutationFn: async (id: string) =>
      pickupResponse.parse(await api.delete(`/pickups/${encodeURIComponent(id)}`)),
    onSettled: refresh,
  });
};
