import { resellerPricesResponse, resellerPriceView, type ResellerPriceBody } from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const pricesPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/prices`;

/** GET /admin/users/{id}/prices: per label type, the default tiers, the reseller's own, and what they pay. */
export const resellerPriceQueries = {
  list: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.admin.resellers.prices(userId),
      queryFn: async () => resellerPricesResponse.parse(await api.get(pricesPath(userId))).prices,
    }),
};

export const useResellerPrices = (userId: string) => useQuery(resellerPriceQueries.list(userId));

/** PUT (own tiers or a percentage) or DELETE (back to default) /admin/users/{id}/prices/{labelTypeId}. */
export const useSetResellerPrice = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ labelTypeId, body }: { labelTypeId: string; body: ResellerPriceBody | null }) => {
      const path = `${pricesPath(userId)}/${encodeURIComponent(labelTypeId)}`;
      return resellerPriceView.parse(body ? await api.put(path, body) : await api.delete(path));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resellerPriceQueries.list(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
};
