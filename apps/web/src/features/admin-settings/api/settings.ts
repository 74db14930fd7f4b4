import { adminSettingsView, type AdminSettingsBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['admin', 'settings'] as const;

/** GET /admin/settings */
export const useAdminSettings = () =>
  useQuery({ queryKey: key, queryFn: async () => adminSettingsView.parse(await api.get('/admin/settings')) });

const useSettingsMutation = <T>(call: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => adminSettingsView.parse(await call(input)),
    onSuccess: (settings) => {
      queryClient.setQueryData(key, settings);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['deposit-options'] }),
        queryClient.invalidateQueries({ queryKey: ['cashapp'] }),
      ]);
    },
  });
};

/** PUT /admin/settings with the changed fields. */
export const useSaveSettings = () =>
  useSettingsMutation((body: AdminSettingsBody) => api.put('/admin/settings', body));

/** POST /admin/settings/cashapp-qr (multipart `file`), or DELETE it with null. */
export const useCashappQr = () =>
  useSettingsMutation((file: File | null) => {
    if (!file) return api.delete('/admin/settings/cashapp-qr');
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post('/admin/settings/cashapp-qr', form);
  });
