import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { saveFile } from '../../../lib/save-file';

export type BulkFileKind = 'zip' | 'csv' | 'pdf';

/** Spec section 7: the labels as a zip, the rows with tracking as CSV, or one merged PDF. */
const PATHS: Record<BulkFileKind, string> = {
  zip: '/order/bulk-download',
  csv: '/order/bulk-download-csv',
  pdf: '/order/bulk-download-pdf',
};

/** `choice` is the format of the labels in one file (`pdf` kind), as on the dashboard's downloads. */
export type DownloadBulkFileInput = { id: string; kind: BulkFileKind; choice: LabelFileChoice };

/** GET /order/bulk-download{,-csv,-pdf}/{id}: fetched with the bearer header, saved under the server's name. */
export async function downloadBulkFile({ id, kind, choice }: DownloadBulkFileInput): Promise<void> {
  const query = kind === 'pdf' ? `?${labelFileQuery(choice)}` : '';
  const file = await api.get<DownloadedFile>(`${PATHS[kind]}/${encodeURIComponent(id)}${query}`, {
    responseType: 'file',
  });
  saveFile(file.blob, file.fileName ?? `bulk-order-${id}.${kind}`);
}

export const useDownloadBulkFile = () => useMutation({ mutationFn: downloadBulkFile });
