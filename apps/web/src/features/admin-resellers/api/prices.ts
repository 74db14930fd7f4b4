import { resellerPricesResponse, resellerPriceView, type ResellerPriceBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const pricesKey = (userId: string) => ['admin', 'resellers', 'prices', userId] as const;
const pricesPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/prices`;

/** GET /admin/users/{id}/prices: per label type, the default tiers, the reseller's own, and what they pay. */
export const useResellerPrices = (userId: string) =>
  useQuery({
    queryKey: pricesKey(userId),
    queryFn: async () => resellerPricesResponse.parse(await api.get(pricesPath(userId))).prices,
  });

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
        queryClient.invalidateQueries({ queryKey: pricesKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
};
