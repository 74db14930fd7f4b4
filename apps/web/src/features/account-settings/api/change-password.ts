import { changePasswordBody, messageResponse, type ChangePasswordBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

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
