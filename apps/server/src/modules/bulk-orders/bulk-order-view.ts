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
export function bulkStatusOf(totalOrders: number, counts: StatusCounts): BulkOrderStatus {
  const done = counts.completed + counts.cancelled;
  if (done >= totalOrders) return 'Completed';
  return done + counts.processing > 0 ? 'Processing' : 'Pending';
}

export function toBulkOrderView(bulkOrder: BulkOrderWithType, counts: StatusCounts): BulkOrderView {
  const progress: BulkProgress = { ...counts, done: counts.completed + counts.cancelled };
  const paths = bulkFilePaths(bulkOrder.id);
  const hasLabels = counts.completed > 0;
  return {
    _id: bulkOrder.id,
    createdAt: bulkOrder.createdAt.toISOString(),
    createdBy: { _id: bulkOrder.createdById ?? bulkOrder.userId, username: bulkOrder.createdByName },
    labelType: { _id: bulkOrder.labelTypeId, name: bulkOrder.labelTypeName, uid: bulkOrder.labelTypeUid },
    design: bulkOrder.design,
    source: bulkOrder.source,
    fileName: bulkOrder.fileName,
    status: bulkStatusOf(bulkOrder.totalOrders, counts),
    total: centsToDollars(bulkOrder.totalCents),
    totalOrders: bulkOrder.totalOrders,
    progress,
    zip: hasLabels ? paths.zip : null,
    pdf: hasLabels ? paths.pdf : null,
    csv: paths.csv,
  };
}

export const toBulkRowResult = (line: BulkLine): BulkRowResult => ({
  row: line.rowNumber,
  _id: line.orderId,
  OrderId: formatOrderId(line.orderNumber),
  toName: line.toName,
  price: centsToDollars(line.priceCents),
  status: line.status,
  tracking: line.tracking,
  reason: line.status === 'cancelled' ? (line.failureReason ?? 'Cancelled') : null,
  pdf: line.status === 'completed' && line.labelFileId ? downloadPath(line.orderId) : null,
});
