export type StatusKind = 'pending' | 'processing' | 'completed' | 'cancelled';

/** Spec section 4: pending, completed, anything containing "processing", otherwise cancelled. */
export function statusKind(status: string): StatusKind {
  const value = status.toLowerCase();
  if (value === 'pending') return 'pending';
  if (value === 'completed') return 'completed';
  if (value.includes('processing')) return 'processing';
  return 'cancelled';
}

/**
 * Whether the label is still on its way. The spec polls while an order is processing; a new order waits
 * as pending until a label job picks it up, so pending counts too (docs/decisions/060-order-history-polling.md).
 */
export const isOpenStatus = (status: string): boolean => {
  const kind = statusKind(status);
  return kind === 'pending' || kind === 'processing';
};

/** Only completed orders can be downloaded (spec section 4). */
export const canDownload = (status: string): boolean => statusKind(status) === 'completed';
