import { LABEL_FILE_TYPES } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { saveFile } from '../../../lib/save-file';
import { printZpl } from '../../../lib/zebra-print';

type DownloadInput = { id: string; tracking: string; choice: LabelFileChoice; isPrint?: boolean };

/**
 * GET /order/download/{id}?format=: the label in the chosen format, saved under the server's name. With
 * `isPrint`, ZPL goes to a local Zebra printer when one answers, else it is saved the same way.
 */
export async function downloadOrderLabel({ id, tracking, choice, isPrint }: DownloadInput): Promise<void> {
  const file = await api.get<DownloadedFile>(
    `/order/download/${encodeURIComponent(id)}?${labelFileQuery(choice)}`,
    { responseType: 'file' },
  );
  const name = file.fileName ?? `${tracking}.${LABEL_FILE_TYPES[choice.format].extension}`;
  if (isPrint && choice.format === 'zpl') await printZpl(file.blob, name);
  else saveFile(file.blob, name);
}

export const useDownloadOrderLabel = () => useMutation({ mutationFn: downloadOrderLabel });
