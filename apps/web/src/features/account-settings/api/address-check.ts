import { addressCheckSettingResponse, type AddressCheckMode } from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const addressCheckQueryKey = ['account', 'address-check'] as const;

/** GET /user/address-check: confirm, correct or off. */
export const getAddressCheck = async () =>
  addressCheckSettingResponse.parse(await api.get('/user/address-check'));

export const useAddressCheck = () =>
  useQuery(queryOptions({ queryKey: addressCheckQueryKey, queryFn: getAddressCheck }));

/** PUT /user/address-check. */
export const updateAddressCheck = async (addressCheck: AddressCheckMode) =>
  addressCheckSettingResponse.parse(await api.put('/user/address-check', { addressCheck }));

export const useUpdateAddressCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddressCheck,
    onSuccess: (answer) => queryClient.setQueryData(addressCheckQueryKey, answer),
  });
};
