import {
  adminLabelTypeResponse,
  adminLabelTypesResponse,
  labelTypeRouteResponse,
  type AdminLabelTypeBody,
  type LabelTypeRouteBody,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { providersKey } from '../../../lib/admin-providers';
import { api } from '../../../lib/api-client';

const labelTypesKey = ['admin', 'label-types'] as const;

/** GET /admin/label-types: every type with its default tiers, and the services the engine renders. */
export const useAdminLabelTypes = () =>
  useQuery({
    queryKey: labelTypesKey,
    queryFn: async () => adminLabelTypesResponse.parse(await api.get('/admin/label-types')),
  });

/** POST /admin/label-types, or PUT /admin/label-types/{id} when editing. */
export const useSaveLabelType = (id: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminLabelTypeBody) =>
      adminLabelTypeResponse.parse(
        id
          ? await api.put(`/admin/label-types/${encodeURIComponent(id)}`, body)
          : await api.post('/admin/label-types', body),
      ),
    // The resellers' forms read the same types: refresh both, and the audit trail.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: labelTypesKey }),
        queryClient.invalidateQueries({ queryKey: ['label-types'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
};

/** PUT /admin/label-types/{id}/route with { route: [{ providerId, service }] } (`[]`: test mode). */
export const useSaveRoute = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LabelTypeRouteBody) =>
      labelTypeRouteResponse.parse(await api.put(`/admin/label-types/${encodeURIComponent(id)}/route`, body)),
    // Providers list the label types routed to them.
    onSuccess: () =>
      Promise.all(
        [labelTypesKey, providersKey, ['admin', 'audit']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { inlineErrors: true },
  });
};
