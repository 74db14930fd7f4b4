import {
  providerResponse,
  providerTestResponse,
  type CreateProviderBody,
  type UpdateProviderBody,
} from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useRefresh, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

const path = (id: string) => `/admin/providers/${encodeURIComponent(id)}`;

/** Providers appear in label type routes and in the audit trail: refresh both with the list. */
const useRefreshProviders = () => useStaffRefresh(queryKeys.admin.providers, queryKeys.admin.labelTypes);

/** POST /admin/providers with { kind, name, credentials: { apiKey, baseUrl? } } */
export const useCreateProvider = () => {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: async (body: CreateProviderBody) =>
      providerResponse.parse(await api.post('/admin/providers', body)),
    onSuccess: refresh,
    // The dialog shows the server's message (a taken name, a route still using it) in place.
    meta: { inlineErrors: true },
  });
};

/** PUT /admin/providers/{id}: rename, enable or disable, concurrency, or a new key. */
export const useUpdateProvider = () => {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateProviderBody }) =>
      providerResponse.parse(await api.put(path(id), body)),
    onSuccess: refresh,
    // The dialog shows the server's message (a taken name, a route still using it) in place.
    meta: { inlineErrors: true },
  });
};

/** DELETE /admin/providers/{id}: refused while a route uses it or once it has bought labels. */
export const useDeleteProvider = () => {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: async (id: string) => z.object({ message: z.string() }).parse(await api.delete(path(id))),
    onSuccess: refresh,
    // The dialog shows the server's message (a taken name, a route still using it) in place.
    meta: { inlineErrors: true },
  });
};

/** POST /admin/providers/{id}/test: one cheap real call; its answer either way, and the health it left. */
export const useTestProvider = () => {
  const refresh = useRefresh(queryKeys.admin.providers);
  return useMutation({
    mutationFn: async (id: string) => providerTestResponse.parse(await api.post(`${path(id)}/test`)),
    onSettled: refresh,
  });
};
