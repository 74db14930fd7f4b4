import { refundRequestDecisionResponse, refundRequestsResponse } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQuery, REFUND_AREAS, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export const refundRequestQueries = {
  /** GET /admin/refund-requests?status&page&limit */
  list: (status: string, page: number) =>
    listQuery(
      queryKeys.admin.refundRequests.list(status, page),
      refundRequestsResponse,
      '/admin/refund-requests',
      {
        status,
        page,
        limit: 20,
      },
    ),
};

export const useRefundRequests = (status: string, page: number) =>
  useQuery(refundRequestQueries.list(status, page));

/** POST /admin/refund-requests/{id}/approve, or /reject with { reason } */
export const useDecideRefundRequest = () => {
  // A decision changes the order, the reseller's balance and the audit trail.
  const refresh = useStaffRefresh(...REFUND_AREAS);
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
