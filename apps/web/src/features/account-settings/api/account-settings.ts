import {
  addressCheckSettingResponse,
  changePasswordBody,
  emailStatusResponse,
  messageResponse,
  profileResponse,
  unusedLabelsSettingResponse,
  type AddressCheckMode,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { readQuery } from '../../../lib/api-query';
import { reloadAt, removeAccessToken } from '../../../lib/auth-token';
import { queryKeys } from '../../../lib/query-keys';

/** The account's own settings: profile, e-mail, password, address check, unused labels and sessions. */
export const accountQueries = {
  /** GET /user/email: the verified address and the one waiting for its code. */
  email: () => readQuery(queryKeys.account.email, emailStatusResponse, '/user/email'),
  /** GET /user/address-check: confirm, correct or off. */
  addressCheck: () =>
    readQuery(queryKeys.account.addressCheck, addressCheckSettingResponse, '/user/address-check'),
  /** GET /user/unused-labels: whether staff void unused labels, and after how many days. */
  unusedLabels: () =>
    readQuery(queryKeys.account.unusedLabels, unusedLabelsSettingResponse, '/user/unused-labels'),
};

export const useEmailStatus = () => useQuery(accountQueries.email());
export const useAddressCheck = () => useQuery(accountQueries.addressCheck());
export const useUnusedLabels = () => useQuery(accountQueries.unusedLabels());

/** PATCH /user/profile: the display name. */
export const updateProfile = async (body: UpdateProfileBody) =>
  profileResponse.parse(await api.patch('/user/profile', body));

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.session, user),
  });
};

/** POST /user/email: mails a verification code; the address counts once verified on /verify. */
export const changeEmail = async (body: ChangeEmailBody) =>
  messageResponse.parse(await api.post('/user/email', body));

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** The form adds a confirmation that must match before any call. */
export const changePasswordFormSchema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** POST /user/password: signs out every other session. */
export const changePassword = async (body: ChangePasswordBody) =>
  messageResponse.parse(await api.post('/user/password', body));

/** The section shows a refused new password next to the field, other failures as a toast. */
export const useChangePassword = () =>
  useMutation({ mutationFn: changePassword, meta: { inlineErrors: true } });

/** PUT /user/address-check. */
export const updateAddressCheck = async (addressCheck: AddressCheckMode) =>
  addressCheckSettingResponse.parse(await api.put('/user/address-check', { addressCheck }));

export const useUpdateAddressCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddressCheck,
    onSuccess: (answer) => queryClient.setQueryData(accountQueries.addressCheck().queryKey, answer),
  });
};

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
