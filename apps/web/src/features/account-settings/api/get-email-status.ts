import { emailStatusResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const emailStatusQueryKey = ['account', 'email'] as const;

/** GET /user/email: the verified address and the one waiting for its code. */
export const getEmailStatus = async () => emailStatusResponse.parse(await api.get('/user/email'));

export const useEmailStatus = () =>
  useQuery(queryOptions({ queryKey: emailStatusQueryKey, queryFn: getEmailStatus }));
