import { mailResponse } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/mail?page&limit: mail sent or kept in the outbox, one-time codes masked. */
export const useMail = (page: number) =>
  useQuery({
    queryKey: ['admin', 'mail', page],
    queryFn: async () => mailResponse.parse(await api.get('/admin/mail', { query: { page, limit: 20 } })),
    placeholderData: keepPreviousData,
  });
