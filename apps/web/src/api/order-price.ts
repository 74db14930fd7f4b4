import { priceResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

type PriceRequest = { labelType: string; weight: number };

/** POST /order/price: labelType, weight; returns the unit price in dollars. */
export const getOrderPrice = async (body: PriceRequest): Promise<number> =>
  priceResponse.parse(await api.post('/order/price', body)).price;

export const orderPriceQueryOptions = ({ labelType, weight }: PriceRequest) =>
  queryOptions({
    queryKey: queryKeys.orderPrice.of(labelType, weight),
    queryFn: () => getOrderPrice({ labelType, weight }),
    // Spec section 4: a failed lookup means price 0 at once, not after retries.
    retry: false,
    staleTime: 60_000,
  });

/** The unit price, recalculated whenever a type and a non-zero weight are set (spec section 4). */
export const useOrderPrice = ({ labelType, weight }: { labelType: string; weight: number | '' }) => {
  const hasInput = labelType !== '' && typeof weight === 'number' && weight > 0;
  return useQuery({
    ...orderPriceQueryOptions({ labelType, weight: hasInput ? weight : 0 }),
    enabled: hasInput,
    placeholderData: (previous, query) =>
      query?.queryKey[1] === labelType ? keepPreviousData(previous) : undefined,
  });
};
