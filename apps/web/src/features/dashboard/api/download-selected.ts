import type { LabelLayout } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

type DownloadSelectedInput = { layout: LabelLayout } & (
  { ids: string[] } | { search: string; sort: 'asc' | 'des' }
);

/** POST /order/download-selected: the chosen labels as one PDF, in the order chosen. */
export async function downloadSelected(input: DownloadSelectedInput): Promise<void> {
  const file = await api.post<DownloadedFile>('/order/download-selected', input, { responseType: 'file' });
  saveFile(file.blob, file.fileName ?? `labels-${input.layout}.pdf`);
}

export const useDownloadSelected = () => useMutation({ mutationFn: downloadSelected });
