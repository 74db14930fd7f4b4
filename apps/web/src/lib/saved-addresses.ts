import { addressListResponse, type AddressView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /address/readAll: the saved addresses, one cached copy for the Addresses page and the order pickers (a failure is only logged, spec section 8). */
export const getAddresses = async (): Promise<AddressView[]> =>
  addressListResponse.parse(await api.get('/address/readAll')).addresses;

export const addressesQueryKey = ['addresses'] as const;

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: getAddresses });

export const useAddresses = () => useQuery(addressesQueryOptions());
