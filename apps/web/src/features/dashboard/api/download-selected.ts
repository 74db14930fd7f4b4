import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { saveFile } from '../../../lib/save-file';
import { printZpl } from '../../../lib/zebra-print';

type DownloadSelectedInput = { choice: LabelFileChoice; isPrint?: boolean } & (
  { ids: string[] } | { search: string; sort: 'asc' | 'des' }
);

/**
 * POST /order/download-selected?format=: the chosen labels in one file, in the order chosen (PDF merged,
 * ZPL one stream, PNG a zip). With `isPrint`, ZPL goes to a local Zebra printer when one is there.
 */
export async function downloadSelected({
  choice,
  isPrint,
  ...selection
}: DownloadSelectedInput): Promise<void> {
  const file = await api.post<DownloadedFile>(
    `/order/download-selected?${labelFileQuery(choice)}`,
    selection,
    {
      responseType: 'file',
    },
  );
  const name = file.fileName ?? 'labels';
  if (isPrint && choice.format === 'zpl') await printZpl(file.blob, name);
  else saveFile(file.blob, name);
}

export const useDownloadSelected = () => useMutation({ mutationFn: downloadSelected });
