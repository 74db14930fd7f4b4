import { addressMessageResponse, type AddressBody } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addressesQueryKey } from '../../../lib/saved-addresses';

type UpdateAddressInput = { id: string; body: AddressBody };

/** PUT /address/update/{id}: the same fields as create; reads message. */
export const updateAddress = async ({ id, body }: UpdateAddressInput) =>
  addressMessageResponse.parse(await api.put(`/address/update/${encodeURIComponent(id)}`, body));

export const useUpdateAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the failure on its fields (or in a toast when no field is named).
    meta: { inlineErrors: true },
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
};
