import { addressListResponse, type AddressView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /address/readAll for the saved-address pickers. The addresses feature has its own copy of this call
 * (features never import each other); both use the `addresses` key, so they share one cache entry.
 */
export const getSavedAddresses = async (): Promise<AddressView[]> =>
  addressListResponse.parse(await api.get('/address/readAll')).addresses;

export const savedAddressesQueryOptions = () =>
  queryOptions({ queryKey: ['addresses'], queryFn: getSavedAddresses });

export const useSavedAddresses = () => useQuery(savedAddressesQueryOptions());
