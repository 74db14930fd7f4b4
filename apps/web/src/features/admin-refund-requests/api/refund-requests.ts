import { refundRequestDecisionResponse, refundRequestsResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const refundRequestQueries = {
  /** GET /admin/refund-requests?status&page&limit */
  list: (status: string, page: number) =>
    queryOptions({
      queryKey: queryKeys.admin.refundRequests.list(status, page),
      queryFn: async () =>
        refundRequestsResponse.parse(
          await api.get('/admin/refund-requests', { query: { status, page, limit: 20 } }),
        ),
      placeholderData: keepPreviousData,
    }),
};

export const useRefundRequests = (status: string, page: number) =>
  useQuery(refundRequestQueries.list(status, page));

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys.admin.refundRequests.all,
        queryKeys.admin.orders.all,
        queryKeys.admin.resellers.all,
        queryKeys.admin.audit.all,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
};

/** POST /admin/refund-requests/{id}/approve, or /reject with { reason } */
export const useDecideRefundRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (q: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      refundRequestDecisionResponse.parse(
        await api.post(
          `/admin/refund-requests/${encodeURIComponent(q.id)}/${q.decision}`,
          q.decision === 'reject' ? { reason: q.reason } : undefined,
        ),
      ),
    onSettled: refresh,
  });
};
