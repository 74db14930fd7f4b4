import type { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isUuid, labelDpi, labelFormat, labelLayout } from '@portal/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { writeLabelsInLayout } from '../../labels/index.ts';
import {
  chooseLabelFile,
  isDrawnFormat,
  labelContentType,
  labelFileName,
  writeDrawnLabelFiles,
  type AskedLabelFile,
  type LabelRef,
} from './label-files.ts';
import { selectedLabelFilesRemoved } from '../housekeeping/label-retention.service.ts';
import { FILES_PER_READ, startLabelDownload } from './label-download-stream.ts';
import { listOrders } from './order-list.ts';
import { requireSlipFormat, withPackingSlips } from './packing-slips.ts';
import { findLabelStatesOfOrders } from './orders.repository.ts';
import { toSearchQuery } from './search-query.ts';

export const MAX_SELECTED = 1000;
/** Orders listed per page when the selection is a search. */
const PAGE = 50;

/** POST /order/download-selected: chosen ids (in the order shown), or every order matching a search. */
export const downloadSelectedBody = z
  .object({
    ids: z.array(z.string()).min(1, 'Select at least one order').max(MAX_SELECTED).optional(),
    search: z.string().max(200).optional(),
    sort: z.enum(['asc', 'des']).default('des'),
    /** Older clients' paper choice; `format` (here or in the query) wins. */
    layout: labelLayout.optional(),
    format: labelFormat.optional(),
    dpi: labelDpi.optional(),
  })
  .refine((b) => b.ids !== undefined || b.search !== undefined, {
    message: 'Select orders or send the search they match',
    path: ['ids'],
  });
export type DownloadSelectedBody = z.infer<typeof downloadSelectedBody>;

type Label = LabelRef;

const NOTHING_READY = 'None of the selected orders has a label yet';

/** The chosen ids, all the caller's (any other id is refused whole: decision 110), completed ones kept in order. */
async function labelsOfIds(ctx: AppContext, userId: string, ids: string[]): Promise<Label[]> {
  if (!ids.every(isUuid)) throw AppError.notFound('Order not found');
  const rows = await findLabelStatesOfOrders(ctx.db, userId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (new Set(ids).size !== byId.size) throw AppError.notFound('Order not found');
  return ids.flatMap((id) => {
    const row = byId.get(id)!;
    return row.status === 'completed' && row.fileId && row.tracking
      ? [{ orderId: row.id, labelFileId: row.fileId, tracking: row.tracking }]
      : [];
  });
}

/** Every completed order matching the dashboard's search, in the dashboard's order, up to the cap. */
async function labelsOfSearch(ctx: AppContext, userId: string, body: DownloadSelectedBody): Promise<Label[]> {
  const labels: Label[] = [];
  for (let offset = 0; labels.length < MAX_SELECTED; offset += PAGE) {
    const { rows } = await listOrders(ctx.db, {
      userId,
      status: 'completed',
      tsQuery: toSearchQuery(body.search ?? ''),
      sort: body.sort,
      offset,
      limit: PAGE,
    });
    for (const r of rows)
      if (r.labelFileId && r.tracking)
        labels.push({ orderId: r.id, labelFileId: r.labelFileId, tracking: r.tracking });
    if (rows.length < PAGE) break;
    // On the embedded database each page is read on the event loop: let requests in between.
    await nextTurn();
  }
  return labels.slice(0, MAX_SELECTED);
}

/**
 * The selected labels in one download, streamed: PDF 4x6 one a page or Letter two a page, ZPL one
 * label after another, PNG a zip.
 */
export async function downloadSelectedLabels(
  ctx: AppContext,
  {
    userId,
    body,
    asked = {},
    withSlips = false,
  }: {
    userId: string;
    body: DownloadSelectedBody;
    asked?: AskedLabelFile;
    /** `?with=slips`: each label followed by its packing slip (decision 330). */
    withSlips?: boolean | undefined;
  },
): Promise<{ fileName: string; contentType: string; stream: PassThrough }> {
  const found = body.ids ? await labelsOfIds(ctx, userId, body.ids) : await labelsOfSearch(ctx, userId, body);
  if (found.length === 0) throw new AppError('CONFLICT', NOTHING_READY);
  // Labels past the retention period are left out in every format, as one download of each says (decision 336).
  const removed = await ctx.files.removedOf(found.map((l) => l.labelFileId));
  const labels = found.filter((l) => !removed.has(l.labelFileId));
  if (labels.length === 0) throw await selectedLabelFilesRemoved(ctx);
  const fromLayout = body.layout === undefined ? undefined : body.layout === 'letter' ? 'letter' : 'pdf';
  const choice = await chooseLabelFile(ctx, userId, {
    format: asked.format ?? body.format ?? fromLayout,
    dpi: asked.dpi ?? body.dpi,
  });
  if (withSlips) requireSlipFormat(choice.format);

  const stream = await startLabelDownload(ctx, 'selected labels download', (out) => {
    if (isDrawnFormat(choice)) {
      async function* refs() {
        yield* labels;
      }
      return writeDrawnLabelFiles(ctx, refs(), choice, out, withSlips);
    }
    async function* pdfs() {
      for (let i = 0; i < labels.length && !out.destroyed; i += FILES_PER_READ) {
        const group = labels.slice(i, i + FILES_PER_READ);
        const files = await ctx.files.getMany(group.map((l) => l.labelFileId));
        for (const l of group) {
          const file = files.get(l.labelFileId);
          if (file) yield { orderId: l.orderId, bytes: file.content };
        }
      }
    }
    async function* labelsOnly() {
      for await (const { bytes } of pdfs()) yield bytes;
    }
    const files = withSlips ? withPackingSlips(ctx, pdfs(), { format: 'pdf' }) : labelsOnly();
    return writeLabelsInLayout(files, choice.format === 'letter' ? 'letter' : '4x6', out);
  });
  const base =
    choice.format === 'letter' ? 'labels-letter' : choice.format === 'pdf' ? 'labels-4x6' : 'labels';
  const zipped = choice.format === 'png';
  return {
    fileName: zipped ? `${base}-png.zip` : labelFileName(base, choice),
    contentType: zipped ? 'application/zip' : labelContentType(choice),
    stream,
  };
}
