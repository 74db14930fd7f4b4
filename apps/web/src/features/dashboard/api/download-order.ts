import { LABEL_FILE_TYPES } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { saveFile } from '../../../lib/save-file';

type DownloadInput = { id: string; tracking: string; choice: LabelFileChoice };

/** GET /order/download/{id}?format=: the label in the chosen format, saved under the server's name. */
export async function downloadOrderLabel({ id, tracking, choice }: DownloadInput): Promise<void> {
  const file = await api.get<DownloadedFile>(
    `/order/download/${encodeURIComponent(id)}?${labelFileQuery(choice)}`,
    { responseType: 'file' },
  );
  saveFile(file.blob, file.fileName ?? `${tracking}.${LABEL_FILE_TYPES[choice.format].extension}`);
}

export const useDownloadOrderLabel = () => useMutation({ mutationFn: downloadOrderLabel });
