import { AMAZON_CSV_FILENAME, type AmazonCsvForm } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';

export type GenerateAmazonCsvInput = AmazonCsvForm & { pdf: File };

/** The generated file, and how many orders the server read (some may lack a readable city line). */
export type GeneratedCsv = { blob: Blob; fileName: string; orders: number | null; incomplete: number };

const countHeader = (headers: Headers, name: string): number | null => {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isInteger(value) && value >= 0 ? value : null;
};

/** POST /amazon/generate-csv (multipart: pdf, fromName … fromZip, weight): packing slips in, amazon.csv out. */
export async function generateAmazonCsv({ pdf, ...from }: GenerateAmazonCsvInput): Promise<GeneratedCsv> {
  const form = new FormData();
  form.append('fromName', from.fromName);
  form.append('fromStreet1', from.fromStreet1);
  form.append('fromStreet2', from.fromStreet2);
  form.append('fromCity', from.fromCity);
  form.append('fromState', from.fromState);
  form.append('fromZip', from.fromZip);
  form.append('weight', String(from.weight));
  form.append('pdf', pdf, pdf.name);
  const file = await api.post<DownloadedFile>('/amazon/generate-csv', form, { responseType: 'file' });
  return {
    blob: file.blob,
    fileName: file.fileName ?? AMAZON_CSV_FILENAME,
    orders: countHeader(file.headers, 'x-orders-count'),
    incomplete: countHeader(file.headers, 'x-incomplete-orders') ?? 0,
  };
}

export const useGenerateAmazonCsv = () => useMutation({ mutationFn: generateAmazonCsv });
