import { auditResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export type AuditFilters = { actor: string; action: string; targetId: string; from: string; to: string };

export const auditQueries = {
  /** GET /admin/audit?actor&action&targetId&from&to&page&limit */
  list: (filters: AuditFilters, page: number) =>
    queryOptions({
      queryKey: queryKeys.admin.audit.list(filters, page),
      queryFn: () => getParsed(auditResponse, '/admin/audit', { ...filters, page, limit: 25 }),
      placeholderData: keepPreviousData,
    }),
};

export const useAudit = (filters: AuditFilters, page: number) => useQuery(auditQueries.list(filters, page));
