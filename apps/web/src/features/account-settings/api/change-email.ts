import { messageResponse, type ChangeEmailBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/email: mails a verification code; the address counts once verified on /verify. */
export const changeEmail = async (body: ChangeEmailBody) =>
  messageResponse.parse(await api.post('/user/email', body));

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
