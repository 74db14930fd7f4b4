import { refundRequestDecisionResponse, refundRequestsResponse } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const requestsKey = ['admin', 'refund-requests'] as const;

/** GET /admin/refund-requests?status&page&limit */
export const useRefundRequests = (status: string, page: number) =>
  useQuery({
    queryKey: [...requestsKey, status, page],
    queryFn: async () =>
      refundRequestsResponse.parse(
        await api.get('/admin/refund-requests', { query: { status, page, limit: 20 } }),
      ),
    placeholderData: keepPreviousData,
  });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [requestsKey, ['admin', 'orders'], ['admin', 'resellers'], ['admin', 'audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
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
