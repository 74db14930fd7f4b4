import { Readable, type PassThrough } from 'node:stream';
import { BULK_MESSAGES, CSV_COLUMNS } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { parseCsv } from '../../csv/parse-csv.ts';
import { writeCsv, type CsvRow } from '../../csv/write-csv.ts';
import { AppError } from '../../errors.ts';
import { writeLabelsInLayout, writePdfZip, type NamedPdf } from '../../labels/index.ts';
import {
  FILES_PER_READ,
  startLabelDownload,
  chooseLabelFile,
  drawnLabelFiles,
  isDrawnFormat,
  labelContentType,
  letterPageOf,
  writeDrawnLabelFiles,
  type AskedLabelFile,
  type LabelRef,
} from '../orders/orders.service.ts';
import { bulkFileName } from './bulk-order-view.ts';
import {
  countStatuses,
  findBulkOrderForUser,
  labelFilesAfter,
  linesAfter,
  type BulkLine,
  type BulkOrderWithType,
} from './bulk-orders.repository.ts';
import { requireSlipFormat, withPackingSlips } from '../orders/orders.service.ts';
import { bulkOrderNotFound } from './bulk-orders.service.ts';

export type BulkDownload = { fileName: string; contentType: string; stream: Readable };

/** Rows read per page; their label files are read `FILES_PER_READ` at a time. */
const LABEL_PAGE = 50;
const ROW_PAGE = 1000;

async function requireBulk(ctx: AppContext, userId: string, id: string): Promise<BulkOrderWithType> {
  const bulk = await findBulkOrderForUser(ctx.db, userId, id);
  if (!bulk) throw bulkOrderNotFound();
  return bulk;
}

async function requireReadyLabels(ctx: AppContext, userId: string, id: string): Promise<BulkOrderWithType> {
  const bulk = await requireBulk(ctx, userId, id);
  const counts = (await countStatuses(ctx.db, [bulk.id])).get(bulk.id)!;
  if (counts.completed === 0) throw new AppError('CONFLICT', BULK_MESSAGES.nothingCompleted);
  return bulk;
}

/** The completed rows' label PDFs in file order, a page at a time, until the reader goes away. */
async function* readyLabels(
  ctx: AppContext,
  bulkId: string,
  reader: PassThrough,
): AsyncGenerator<NamedPdf & LabelRef> {
  let afterRow = 0;
  while (!reader.destroyed) {
    const lines = await labelFilesAfter(ctx.db, { bulkOrderId: bulkId, afterRow, limit: LABEL_PAGE });
    if (lines.length === 0) return;
    for (let i = 0; i < lines.length && !reader.destroyed; i += FILES_PER_READ) {
      const group = lines.slice(i, i + FILES_PER_READ);
      const files = await ctx.files.getMany(group.flatMap((l) => (l.labelFileId ? [l.labelFileId] : [])));
      for (const line of group) {
        const file = line.labelFileId ? files.get(line.labelFileId) : undefined;
        if (file && line.tracking && line.labelFileId)
          yield {
            name: `${line.tracking}.pdf`,
            bytes: file.content,
            orderId: line.orderId,
            tracking: line.tracking,
            labelFileId: line.labelFileId,
          };
      }
    }
    afterRow = lines.at(-1)!.rowNumber;
  }
}

/**
 * GET /order/bulk-download/{id}: a zip of the ready labels, one file each named `{tracking}.pdf` (4x6; a
 * Letter page each with `?format=letter`), `.zpl` or `.png` as `?format=` asks; PDF 4x6 without it.
 */
export async function downloadBulkZip(
  ctx: AppContext,
  { userId, id, asked = {} }: { userId: string; id: string; asked?: AskedLabelFile },
): Promise<BulkDownload> {
  const bulk = await requireReadyLabels(ctx, userId, id);
  const choice = await chooseLabelFile(ctx, userId, { format: asked.format ?? 'pdf', dpi: asked.dpi });
  const stream = await startLabelDownload(ctx, `bulk ${choice.format} zip download`, (out) => {
    if (isDrawnFormat(choice))
      return writePdfZip(drawnLabelFiles(ctx, readyLabelRefs(ctx, bulk.id, out), choice, out), out);
    if (choice.format === 'letter') return writePdfZip(onLetterPages(readyLabels(ctx, bulk.id, out)), out);
    return writePdfZip(readyLabels(ctx, bulk.id, out), out);
  });
  return { fileName: bulkFileName(bulk.id, 'zip'), contentType: 'application/zip', stream };
}

async function* onLetterPages(labels: AsyncIterable<NamedPdf>): AsyncGenerator<NamedPdf> {
  for await (const { name, bytes } of labels) yield { name, bytes: await letterPageOf(bytes) };
}

/** Completed rows in file order, without reading their PDFs (for labels drawn again). */
async function* readyLabelRefs(
  ctx: AppContext,
  bulkId: string,
  reader: PassThrough,
): AsyncGenerator<LabelRef> {
  let afterRow = 0;
  while (!reader.destroyed) {
    const lines = await labelFilesAfter(ctx.db, { bulkOrderId: bulkId, afterRow, limit: LABEL_PAGE });
    if (lines.length === 0) return;
    for (const l of lines)
      if (l.tracking && l.labelFileId)
        yield { orderId: l.orderId, tracking: l.tracking, labelFileId: l.labelFileId };
    afterRow = lines.at(-1)!.rowNumber;
  }
}

/**
 * GET /order/bulk-download-pdf/{id}: the ready labels in one download, in file order: merged PDF (4x6
 * or Letter two a page), ZPL one after another, or a zip of PNGs; `format` as asked, else the reseller's.
 */
export async function downloadBulkPdf(
  ctx: AppContext,
  {
    userId,
    id,
    asked = {},
    withSlips = false,
  }: {
    userId: string;
    id: string;
    asked?: AskedLabelFile;
    /** `?with=slips`: each label followed by its packing slip (decision 330). */
    withSlips?: boolean | undefined;
  },
): Promise<BulkDownload> {
  const bulk = await requireReadyLabels(ctx, userId, id);
  const choice = await chooseLabelFile(ctx, userId, asked);
  if (withSlips) requireSlipFormat(choice.format);
  const stream = await startLabelDownload(ctx, `bulk ${choice.format} download`, async (out) => {
    if (isDrawnFormat(choice))
      return writeDrawnLabelFiles(ctx, readyLabelRefs(ctx, bulk.id, out), choice, out, withSlips);
    async function* pdfs() {
      for await (const label of readyLabels(ctx, bulk.id, out)) yield label.bytes;
    }
    const files = withSlips
      ? withPackingSlips(ctx, readyLabels(ctx, bulk.id, out), { format: 'pdf' })
      : pdfs();
    await writeLabelsInLayout(files, choice.format === 'letter' ? 'letter' : '4x6', out);
  });
  if (choice.format === 'png')
    return { fileName: bulkFileName(bulk.id, 'zip'), contentType: 'application/zip', stream };
  return {
    fileName: bulkFileName(bulk.id, choice.format === 'zpl' ? 'zpl' : 'pdf'),
    contentType: labelContentType(choice),
    stream,
  };
}

/** A row in the canonical columns, for bulk orders that came without a file (reseller API). */
const canonicalCells = (line: BulkLine): Record<(typeof CSV_COLUMNS)[number], string> => ({
  FromCountry: line.fromCountry,
  FromName: line.fromName,
  FromCompany: line.fromCompany,
  FromPhone: line.fromPhone,
  FromStreet1: line.fromStreet,
  FromStreet2: line.fromStreet2,
  FromCity: line.fromCity,
  FromZip: line.fromZip,
  FromState: line.fromState,
  ToCountry: line.toCountry,
  ToName: line.toName,
  ToCompany: line.toCompany,
  ToPhone: line.toPhone,
  ToStreet1: line.toStreet,
  ToStreet2: line.toStreet2,
  ToCity: line.toCity,
  ToZip: line.toZip,
  ToState: line.toState,
  Length: line.length === null ? '' : String(line.length),
  Height: line.height === null ? '' : String(line.height),
  Width: line.width === null ? '' : String(line.width),
  Weight: String(line.weight),
});

/**
 * GET /order/bulk-download-csv/{id}: the rows as uploaded plus Tracking, Status and Reason, through
 * the formula-safe writer (a cell like =HYPERLINK(...) from the upload comes back inert).
 */
export async function downloadBulkCsv(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<BulkDownload> {
  const bulk = await requireBulk(ctx, userId, id);
  const file = bulk.inputFileId ? await ctx.files.get(bulk.inputFileId) : null;
  const records = file ? parseCsv(file.content).records : null;
  const header = records?.[0] ?? [...CSV_COLUMNS];
  const cellsOf = (line: BulkLine): readonly string[] => {
    if (!records) {
      const cells = canonicalCells(line);
      return CSV_COLUMNS.map((c) => cells[c]);
    }
    const cells = records[line.rowNumber - 1] ?? [];
    return cells.length >= header.length
      ? cells
      : [...cells, ...Array<string>(header.length - cells.length).fill('')];
  };
  async function* rows(): AsyncGenerator<CsvRow> {
    let afterRow = 0;
    for (;;) {
      const lines = await linesAfter(ctx.db, { bulkOrderId: bulk.id, afterRow, limit: ROW_PAGE });
      if (lines.length === 0) return;
      for (const line of lines) {
        const reason = line.status === 'cancelled' ? (line.failureReason ?? 'Cancelled') : '';
        yield [...cellsOf(line), line.tracking ?? '', line.status, reason];
      }
      afterRow = lines.at(-1)!.rowNumber;
    }
  }
  const stream = Readable.from(writeCsv(rows(), { header: [...header, 'Tracking', 'Status', 'Reason'] }));
  return { fileName: bulkFileName(bulk.id, 'csv'), contentType: 'text/csv; charset=utf-8', stream };
}
