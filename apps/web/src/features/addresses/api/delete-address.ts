import { messageResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addressesQueryKey } from '../../../lib/saved-addresses';

/** DELETE /address/delete/{id}: reads message. */
export const deleteAddress = async (id: string) =>
  messageResponse.parse(await api.delete(`/address/delete/${encodeURIComponent(id)}`));

export const useDeleteAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
};
