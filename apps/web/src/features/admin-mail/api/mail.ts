import { mailResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const mailQueries = {
  /** GET /admin/mail?page&limit: mail sent or kept in the outbox, one-time codes masked. */
  page: (page: number) =>
    queryOptions({
      queryKey: queryKeys.admin.mail(page),
      queryFn: async () => mailResponse.parse(await api.get('/admin/mail', { query: { page, limit: 20 } })),
      placeholderData: keepPreviousData,
    }),
};

export const useMail = (page: number) => useQuery(mailQueries.page(page));
