import { adminInvoiceResponse, adminInvoicesResponse, type AdminInvoicesQuery } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['admin', 'invoices'] as const;

/** GET /admin/invoices?status&method&search&page&limit */
export const useAdminInvoices = (query: Omit<AdminInvoicesQuery, 'limit'>) =>
  useQuery({
    queryKey: [...key, query],
    queryFn: async () =>
      adminInvoicesResponse.parse(await api.get('/admin/invoices', { query: { ...query, limit: 20 } })),
    placeholderData: keepPreviousData,
    // New invoices and receipts arrive while the page is open.
    refetchInterval: 30_000,
  });

/**
 * POST /admin/invoices/{id}/approve with { receipt } (the receipt staff checked; 409 when it changed since),
 * or /cancel with { reason }.
 */
export const useDecideInvoice = () => {
  const queryClient = useQueryClient();
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'resellers'] }),
      ]),
  });
};
