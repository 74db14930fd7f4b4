import {
  adjustBalanceResponse,
  adminUserDetailResponse,
  adminUsersResponse,
  ledgerPageResponse,
  messageResponse,
  type AdjustBalanceBody,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/users?search&page&limit */
export const getResellers = async (params: { search: string; page: number }) =>
  adminUsersResponse.parse(await api.get('/admin/users', { query: { ...params, limit: 20 } }));

export const resellerQueries = {
  list: (params: { search: string; page: number }) =>
    queryOptions({
      queryKey: queryKeys.admin.resellers.list(params),
      queryFn: () => getResellers(params),
      placeholderData: keepPreviousData,
    }),
  /** GET /admin/users/{id}: the reseller with balance and recent ledger entries. */
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.admin.resellers.detail(id),
      queryFn: async () =>
        adminUserDetailResponse.parse(await api.get(`/admin/users/${encodeURIComponent(id)}`)),
    }),
  /** GET /admin/users/{id}/ledger?page&limit */
  ledger: (id: string, page: number) =>
    queryOptions({
      queryKey: queryKeys.admin.resellers.ledger(id, page),
      queryFn: async () =>
        ledgerPageResponse.parse(
          await api.get(`/admin/users/${encodeURIComponent(id)}/ledger`, { query: { page, limit: 10 } }),
        ),
      placeholderData: keepPreviousData,
    }),
};

export const useResellers = (params: { search: string; page: number }) =>
  useQuery(resellerQueries.list(params));
export const useReseller = (id: string) => useQuery(resellerQueries.detail(id));
export const useResellerLedger = (id: string, page: number) => useQuery(resellerQueries.ledger(id, page));

/** Any write refreshes what the console shows of resellers (and the audit trail). */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.resellers.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
    ]);
};

/** POST /admin/users/{id}/adjust-balance with { amount, reason } */
export const useAdjustBalance = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: AdjustBalanceBody) =>
      adjustBalanceResponse.parse(
        await api.post(`/admin/users/${encodeURIComponent(id)}/adjust-balance`, body),
      ),
    onSuccess: refresh,
  });
};

export type ResellerAction = 'disable' | 'enable' | 'revoke-sessions' | 'reset-api-key';

/** POST /admin/users/{id}/{disable|enable|revoke-sessions|reset-api-key} */
export const useResellerAction = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (action: ResellerAction) =>
      messageResponse.parse(await api.post(`/admin/users/${encodeURIComponent(id)}/${action}`)),
    onSuccess: refresh,
  });
};
