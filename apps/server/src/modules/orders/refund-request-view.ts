import type { RefundRequestView } from '@portal/shared';
import type { RefundRequestRow } from './refund-requests.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The last moment a reseller may ask for a refund of an order made at `createdAt`. */
export const refundableUntil = (createdAt: Date, windowDays: number): Date =>
  new Date(createdAt.getTime() + windowDays * DAY_MS);

export const toRefundRequestView = (
  request: Pick<RefundRequestRow, 'id' | 'status' | 'reason' | 'rejectionReason' | 'createdAt' | 'decidedAt'>,
): RefundRequestView => ({
  _id: request.id,
  status: request.status,
  reason: request.reason,
  rejectionReason: request.rejectionReason,
  createdAt: request.createdAt.toISOString(),
  decidedAt: request.decidedAt?.toISOString() ?? null,
});
