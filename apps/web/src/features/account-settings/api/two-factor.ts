import {
  messageResponse,
  regenerateRecoveryCodesResponse,
  twoFactorDevicesResponse,
  twoFactorStatusResponse,
  type RegenerateRecoveryCodesBody,
  type TwoFactorDisableBody,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /account/2fa: on or off, recovery codes left, and whether the account must have it (staff). */
export const getTwoFactorStatus = async () => twoFactorStatusResponse.parse(await api.get('/account/2fa'));

export const twoFactorStatusOptions = () =>
  queryOptions({ queryKey: queryKeys.account.twoFactor, queryFn: getTwoFactorStatus });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusOptions());

/** POST /account/2fa/disable: the password and a code (or a recovery code). */
export const disableTwoFactor = async (body: TwoFactorDisableBody) =>
  messageResponse.parse(await api.post('/account/2fa/disable', body));

/** After turning it on or off: the status and the session (which carries `twoFactorEnabled`) are read again. */
export const useRefreshTwoFactor = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
};

export const useDisableTwoFactor = () => {
  const refresh = useRefreshTwoFactor();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
};

/** GET /account/2fa/devices: the browsers that skip the code, with when each was remembered and last used. */
export const getRememberedDevices = async () =>
  twoFactorDevicesResponse.parse(await api.get('/account/2fa/devices')).devices;

export const useRememberedDevices = () =>
  useQuery({ queryKey: queryKeys.account.twoFactorDevices, queryFn: getRememberedDevices });

/** DELETE /account/2fa/devices/{id}: that browser is asked for a code at its next sign-in. */
export const forgetRememberedDevice = async (id: string) =>
  messageResponse.parse(await api.delete(`/account/2fa/devices/${encodeURIComponent(id)}`));

export const useForgetRememberedDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetRememberedDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.twoFactorDevices }),
  });
};

/** POST /account/2fa/recovery-codes: the password and a current code; new codes, shown once, the old ones dead. */
export const regenerateRecoveryCodes = async (body: RegenerateRecoveryCodesBody) =>
  regenerateRecoveryCodesResponse.parse(await api.post('/account/2fa/recovery-codes', body));

export const useRegenerateRecoveryCodes = () => {
  const refresh = useRefreshTwoFactor();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: refresh });
};
