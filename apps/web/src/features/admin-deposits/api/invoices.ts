import { adminInvoiceResponse, adminInvoicesResponse, type AdminInvoicesQuery } from '@portal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BALANCE_AREAS, listQuery, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export const adminInvoiceQueries = {
  /** GET /admin/invoices?status&method&search&page&limit */
  list: (query: Omit<AdminInvoicesQuery, 'limit'>) =>
    queryOptions({
      ...listQuery(queryKeys.admin.invoices.list(query), adminInvoicesResponse, '/admin/invoices', {
        ...query,
        limit: 20,
      }),
      // New invoices and receipts arrive while the page is open.
      refetchInterval: 30_000,
    }),
};

export const useAdminInvoices = (query: Omit<AdminInvoicesQuery, 'limit'>) =>
  useQuery(adminInvoiceQueries.list(query));

/**
 * POST /admin/invoices/{id}/approve with { receipt } (the receipt staff checked; 409 when it changed since),
 * or /cancel with { reason }.
 */
export const useDecideInvoice = () => {
  const refresh = useStaffRefresh(queryKeys.admin.invoices.all, ...BALANCE_AREAS);
  return useMutation({
    mutationFn: async ({
      id,
      action,
      reason,
      receipt,
    }: {
      id: string;
      action: 'approve' | 'cancel';
      reason?: string;
      receipt?: string | null;
    }) =>
      adminInvoiceResponse.parse(
        await api.post(
          `/admin/invoices/${encodeURIComponent(id)}/${action}`,
          action === 'cancel' ? { reason } : { receipt: receipt ?? null },
        ),
      ),
    onSettled: refresh,
  });
};

/** POST /admin/invoices/{id}/refund with { reason, allowNegative? }: through the provider, debited at once. */
export const useRefundInvoice = () => {
  const refresh = useStaffRefresh(queryKeys.admin.invoices.all, ...BALANCE_AREAS);
  return useMutation({
    mutationFn: async ({
      id,
      reason,
      allowNegative,
    }: {
      id: string;
      reason: string;
      allowNegative: boolean;
    }) =>
      adminInvoiceResponse.parse(
        await api.post(`/admin/invoices/${encodeURIComponent(id)}/refund`, { reason, allowNegative }),
      ),
    onSettled: refresh,
  });
};
