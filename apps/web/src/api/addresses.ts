import { addressListResponse, type AddressView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /address/readAll: the saved addresses, one cached copy for the Addresses page and the order pickers (a failure is only logged, spec section 8). */
export const getAddresses = async (): Promise<AddressView[]> =>
  addressListResponse.parse(await api.get('/address/readAll')).addresses;

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.addresses, queryFn: getAddresses });

export const useAddresses = () => useQuery(addressesQueryOptions());
