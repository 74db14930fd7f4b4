import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { ValidateCsvInput } from './validate-csv';

/** POST /order/validatecsv/corrected: the same file with the address check's suggestions written in. */
export async function downloadCorrectedCsv({ csv, labelType, design }: ValidateCsvInput): Promise<void> {
  const form = new FormData();
  form.append('labeltype', labelType);
  if (design) form.append('design', design);
  form.append('csv', csv, csv.name);
  const file = await api.post<DownloadedFile>('/order/validatecsv/corrected', form, { responseType: 'file' });
  saveFile(file.blob, file.fileName ?? 'orders-corrected.csv');
}
