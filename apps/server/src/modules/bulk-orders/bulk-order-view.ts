import {
  centsToDollars,
  type BulkOrderStatus,
  type BulkOrderView,
  type BulkProgress,
  type BulkRowResult,
} from '@portal/shared';
import { downloadPath, formatOrderId } from '../orders/order-records.service.ts';
import type { BulkLine, BulkOrderWithType, StatusCounts } from './bulk-orders.repository.ts';

const BASE = '/api/v1/order';
export const bulkFilePaths = (id: string) => ({
  zip: `${BASE}/bulk-download/${id}`,
  pdf: `${BASE}/bulk-download-pdf/${id}`,
  csv: `${BASE}/bulk-download-csv/${id}`,
});

/** The short name files are downloaded under: bulk-1a2b3c4d.zip. */
export const bulkFileName = (id: string, extension: 'zip' | 'pdf' | 'csv' | 'zpl'): string =>
  `bulk-${id.slice(0, 8)}.${extension}`;

/** Completed when every row is final, Processing once any label has started, else Pending. */
export function bulkStatusOf(totalOrders: number, c: StatusCounts): BulkOrderStatus {
  const done = c.completed + c.cancelled;
  if (done >= totalOrders) return 'Completed';
  return done + c.processing > 0 ? 'Processing' : 'Pending';
}

export function toBulkOrderView(b: BulkOrderWithType, counts: StatusCounts): BulkOrderView {
  const progress: BulkProgress = { ...counts, done: counts.completed + counts.cancelled };
  const paths = bulkFilePaths(b.id);
  const hasLabels = counts.completed > 0;
  return {
    _id: b.id,
    createdAt: b.createdAt.toISOString(),
    labelType: { _id: b.labelTypeId, name: b.labelTypeName, uid: b.labelTypeUid },
    design: b.design,
    source: b.source,
    fileName: b.fileName,
    status: bulkStatusOf(b.totalOrders, counts),
    total: centsToDollars(b.totalCents),
    totalOrders: b.totalOrders,
    progress,
    zip: hasLabels ? paths.zip : null,
    pdf: hasLabels ? paths.pdf : null,
    csv: paths.csv,
  };
}

export const toBulkRowResult = (l: BulkLine): BulkRowResult => ({
  row: l.rowNumber,
  _id: l.orderId,
  OrderId: formatOrderId(l.orderNumber),
  toName: l.toName,
  price: centsToDollars(l.priceCents),
  status: l.status,
  tracking: l.tracking,
  reason: l.status === 'cancelled' ? (l.failureReason ?? 'Cancelled') : null,
  pdf: l.status === 'completed' && l.labelFileId ? downloadPath(l.orderId) : null,
});
