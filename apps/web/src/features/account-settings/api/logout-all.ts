import { messageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadAt, removeAccessToken } from '../../../lib/auth-token';

/** POST /auth/logout-all: ends every session, this one included. */
export const logoutAll = async () => messageResponse.parse(await api.post('/auth/logout-all'));

export const useLogoutAll = () =>
  useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      removeAccessToken();
      reloadAt('/');
    },
  });
