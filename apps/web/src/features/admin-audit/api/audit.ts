import { auditResponse } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export type AuditFilters = { actor: string; action: string; targetId: string; from: string; to: string };

export const auditQueries = {
  /** GET /admin/audit?actor&action&targetId&from&to&page&limit */
  list: (filters: AuditFilters, page: number) =>
    listQuery(queryKeys.admin.audit.list(filters, page), auditResponse, '/admin/audit', {
      ...filters,
      page,
      limit: 25,
    }),
};

export const useAudit = (filters: AuditFilters, page: number) => useQuery(auditQueries.list(filters, page));
