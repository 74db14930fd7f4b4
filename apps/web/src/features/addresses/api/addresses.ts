import { addressMessageResponse, messageResponse, type AddressBody } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addressesQueryOptions } from '../../../api/addresses';

/** Every write reads the saved addresses again (the list lives in lib: the order pickers read it too). */
const useAddressMutation = <In, Out>(call: (input: In) => Promise<Out>, inlineErrors: boolean) => {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the failure on its fields (or in a toast when no field is named).
    meta: { inlineErrors },
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
};

/** POST /address/create: name, street, street2, city, state, zip, country; reads message. */
export const useCreateAddress = () =>
  useAddressMutation(
    async (body: AddressBody) => addressMessageResponse.parse(await api.post('/address/create', body)),
    true,
  );

/** PUT /address/update/{id}: the same fields as create; reads message. */
export const useUpdateAddress = () =>
  useAddressMutation(
    async ({ id, body }: { id: string; body: AddressBody }) =>
      addressMessageResponse.parse(await api.put(`/address/update/${encodeURIComponent(id)}`, body)),
    true,
  );

/** DELETE /address/delete/{id}: reads message. */
export const useDeleteAddress = () =>
  useAddressMutation(
    async (id: string) =>
      messageResponse.parse(await api.delete(`/address/delete/${encodeURIComponent(id)}`)),
    false,
  );
