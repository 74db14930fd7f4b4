import { messageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadAt, removeAccessToken } from '../../../lib/auth-token';

/** POST /auth/logout-all: ends every session, this one included, and with `regenerateApiKey` the API key. */
export const logoutAll = async (body: { regenerateApiKey: boolean }) =>
  messageResponse.parse(await api.post('/auth/logout-all', body));

export const useLogoutAll = () =>
  useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      removeAccessToken();
      reloadAt('/');
    },
  });
