import { adminSettingsView, type AdminSettingsBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readQuery } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export const settingsQueries = {
  /** GET /admin/settings */
  settings: () => readQuery(queryKeys.admin.settings, adminSettingsView, '/admin/settings'),
};

export const useAdminSettings = () => useQuery(settingsQueries.settings());

const useSettingsMutation = <T>(call: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => adminSettingsView.parse(await call(input)),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueries.settings().queryKey, settings);
      return Promise.all(
        [queryKeys.admin.audit.all, queryKeys.depositOptions, queryKeys.cashapp].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
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
