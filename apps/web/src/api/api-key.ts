import { apiKeyResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** POST /user/api-key: a new key; the old one stops working at once. */
export const regenerateApiKey = async () => apiKeyResponse.parse(await api.post('/user/api-key'));

export const useRegenerateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
};
