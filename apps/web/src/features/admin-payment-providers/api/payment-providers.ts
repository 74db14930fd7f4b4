import {
  paymentProviderResponse,
  paymentProvidersResponse,
  providerTestResponse,
  type UpdatePaymentProviderBody,
} from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { readQuery, useStaffRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

const KEY = ['admin', 'payment-providers'] as const;
const path = (id: string) => `/admin/payment-providers/${encodeURIComponent(id)}`;

/** GET /admin/payment-providers */
export const usePaymentProviders = () =>
  useQuery(readQuery(KEY, paymentProvidersResponse, '/admin/payment-providers'));

/** What the dialog sends: the create body (kind, name, credentials, settings) or an update. */
export type PaymentProviderInput = UpdatePaymentProviderBody & { kind?: string };

/** POST /admin/payment-providers, or PUT /admin/payment-providers/{id} when editing. */
export const useSavePaymentProvider = () => {
  const refresh = useStaffRefresh(KEY, queryKeys.depositOptions);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: PaymentProviderInput }) =>
      paymentProviderResponse.parse(
        id ? await api.put(path(id), body) : await api.post('/admin/payment-providers', body),
      ),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
};

/** DELETE /admin/payment-providers/{id}: refused once it took payments (disable it instead). */
export const useDeletePaymentProvider = () => {
  const refresh = useStaffRefresh(KEY);
  return useMutation({
    mutationFn: async (id: string) => z.object({ message: z.string() }).parse(await api.delete(path(id))),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
};

/** POST /admin/payment-providers/{id}/test: one cheap authenticated read with the stored credentials. */
export const useTestPaymentProvider = () =>
  useMutation({
    mutationFn: async (id: string) => providerTestResponse.parse(await api.post(`${path(id)}/test`)),
  });
