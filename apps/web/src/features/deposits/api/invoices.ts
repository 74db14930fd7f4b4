import {
  cashappResponse,
  createInvoiceResponse,
  depositOptionsResponse,
  invoicesResponse,
  messageResponse,
  refreshInvoiceResponse,
  type DepositMethod,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQuery, readQuery, useRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

/** While an invoice waits for staff, the list looks again now and then so an approval shows up by itself. */
const PENDING_REFRESH_MS = 20_000;

export const invoiceQueries = {
  /** GET /invoices/readAll?page&limit: the reseller's invoices, 10 a page, newest first. */
  page: (page: number) =>
    queryOptions({
      ...listQuery(queryKeys.invoices.page(page), invoicesResponse, '/invoices/readAll', { page, limit: 10 }),
      refetchInterval: (query) =>
        query.state.data?.invoices.some((i) => i.status === 'pending') ? PENDING_REFRESH_MS : false,
    }),
  /** GET /website/deposit-options: the limits and methods staff set. */
  depositOptions: () =>
    readQuery(queryKeys.depositOptions, depositOptionsResponse, '/website/deposit-options'),
  /** GET /website/get-cashapp: the $cashtag and QR image path. */
  cashapp: () =>
    queryOptions({
      queryKey: queryKeys.cashapp,
      queryFn: async () => cashappResponse.parse(await api.get('/website/get-cashapp')).cashapp,
    }),
};

export const useInvoices = (page: number) => useQuery(invoiceQueries.page(page));
export const useDepositOptions = () => useQuery(invoiceQueries.depositOptions());
export const useCashapp = (enabled: boolean) => useQuery({ ...invoiceQueries.cashapp(), enabled });

/** POST /invoices/create-invoice with { amount, type }. */
export const useCreateInvoice = () => {
  const refresh = useRefresh(queryKeys.invoices.all);
  return useMutation({
    mutationFn: async (body: { amount: number; type: DepositMethod }) =>
      createInvoiceResponse.parse(await api.post('/invoices/create-invoice', body)),
    onSuccess: refresh,
  });
};

/** POST /invoices/verify-cashapp with { invoice, cashAppUrl } (also takes a PayPal transaction id). */
export const useSubmitReceipt = () => {
  const refresh = useRefresh(queryKeys.invoices.all);
  return useMutation({
    mutationFn: async (body: { invoice: string; cashAppUrl: string }) =>
      messageResponse.parse(await api.post('/invoices/verify-cashapp', body)),
    onSuccess: refresh,
  });
};

/** POST /invoices/{id}/refresh: the server asks the payment provider about the invoice now. */
export const useRefreshInvoice = () => {
  const refresh = useRefresh(queryKeys.invoices.all, queryKeys.session);
  return useMutation({
    mutationFn: async (id: string) =>
      refreshInvoiceResponse.parse(await api.post(`/invoices/${encodeURIComponent(id)}/refresh`, {})),
    onSuccess: async (data) => {
      if (data.invoice.status !== 'pending') await refresh();
    },
  });
};
