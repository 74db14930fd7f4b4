import {
  DEFAULT_LABEL_DPI,
  DEFAULT_LABEL_FORMAT,
  type LabelDpi,
  type LabelFormat,
  type LabelPreference,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The label file a download asks for (issue 37): PDF 4x6, PDF Letter, ZPL or PNG at 203 or 300 dpi.
 * Every download in the app offers the same choice, starting from the reseller's default.
 */
export type LabelFileChoice = { format: LabelFormat; dpi: LabelDpi };

export const DEFAULT_LABEL_FILE: LabelFileChoice = { format: DEFAULT_LABEL_FORMAT, dpi: DEFAULT_LABEL_DPI };

/** `?format=zpl&dpi=300` (dpi only where it matters). */
export const labelFileQuery = (choice: LabelFileChoice): string =>
  choice.format === 'zpl' || choice.format === 'png'
    ? `format=${choice.format}&dpi=${choice.dpi}`
    : `format=${choice.format}`;

/** GET /user/label-format: the reseller's default from Account Settings. */
export const labelPreferenceQuery = () =>
  queryOptions({
    queryKey: queryKeys.labelPreference,
    queryFn: () => api.get<LabelPreference>('/user/label-format'),
    staleTime: 60_000,
  });

export const useLabelPreference = () => useQuery(labelPreferenceQuery());

/** PUT /user/label-format. */
export const useSaveLabelPreference = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preference: LabelPreference) => api.put<LabelPreference>('/user/label-format', preference),
    onSuccess: (saved) => client.setQueryData(queryKeys.labelPreference, saved),
  });
};

/** The reseller's default as a choice (PDF 4x6 until it is known). */
export const useDefaultLabelFile = (): LabelFileChoice => {
  const preference = useLabelPreference().data;
  return preference ? { format: preference.labelFormat, dpi: preference.labelDpi } : DEFAULT_LABEL_FILE;
};
