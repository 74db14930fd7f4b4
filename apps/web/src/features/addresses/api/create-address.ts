import { addressMessageResponse, type AddressBody } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addressesQueryKey } from '../../../lib/saved-addresses';

/** POST /address/create: name, street, street2, city, state, zip, country; reads message. */
export const createAddress = async (body: AddressBody) =>
  addressMessageResponse.parse(await api.post('/address/create', body));

export const useCreateAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the failure on its fields (or in a toast when no field is named).
    meta: { inlineErrors: true },
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
};
