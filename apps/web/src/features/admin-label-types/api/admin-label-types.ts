import {
  adminLabelTypeResponse,
  adminLabelTypesResponse,
  labelTypeRouteResponse,
  serviceChoicesResponse,
  type AdminLabelTypeBody,
  type Carrier,
  type LabelTypeRouteBody,
} from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readQuery, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export const adminLabelTypeQueries = {
  /** GET /admin/label-types: every type with its default tiers, and the services the engine renders. */
  list: () => readQuery(queryKeys.admin.labelTypes, adminLabelTypesResponse, '/admin/label-types'),
};

export const useAdminLabelTypes = () => useQuery(adminLabelTypeQueries.list());

/**
 * GET /admin/label-types/service-choices?carrier=: what the providers sell for the carrier, then EasyPost's
 * and Shippo's documented services (none asked for until a carrier is chosen).
 */
export const useServiceChoices = (carrier: Carrier | null) =>
  useQuery({
    ...readQuery(
      [...queryKeys.admin.labelTypes, 'service-choices', carrier] as const,
      serviceChoicesResponse,
      '/admin/label-types/service-choices',
      { carrier: carrier ?? undefined },
    ),
    enabled: carrier !== null,
    staleTime: 60_000,
  });

/** POST /admin/label-types, or PUT /admin/label-types/{id} when editing. */
export const useSaveLabelType = (id: string | null) => {
  // The resellers' forms read the same types: refresh both, and the audit trail.
  const refresh = useStaffRefresh(queryKeys.admin.labelTypes, queryKeys.labelTypes);
  return useMutation({
    mutationFn: async (body: AdminLabelTypeBody) =>
      adminLabelTypeResponse.parse(
        id
          ? await api.put(`/admin/label-types/${encodeURIComponent(id)}`, body)
          : await api.post('/admin/label-types', body),
      ),
    onSuccess: refresh,
  });
};

/** PUT /admin/label-types/{id}/route with { route: [{ providerId, service }] } (`[]`: test mode). */
export const useSaveRoute = (id: string) => {
  // Providers list the label types routed to them.
  const refresh = useStaffRefresh(queryKeys.admin.labelTypes, queryKeys.admin.providers);
  return useMutation({
    mutationFn: async (body: LabelTypeRouteBody) =>
      labelTypeRouteResponse.parse(await api.put(`/admin/label-types/${encodeURIComponent(id)}/route`, body)),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
};
