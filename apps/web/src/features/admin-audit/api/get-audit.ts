import { auditResponse } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AuditFilters = { actor: string; action: string; targetId: string; from: string; to: string };

/** GET /admin/audit?actor&action&targetId&from&to&page&limit */
export const useAudit = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: async () =>
      auditResponse.parse(
        await api.get('/admin/audit', {
          query: {
            ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')),
            page,
            limit: 25,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
