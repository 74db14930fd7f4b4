import type { Carrier } from '@portal/shared';
import type { Shipment } from '../types.ts';

/**
 * Where labels come from (DESIGN.md section 6). A provider buys (or, in test mode, renders) one label.
 * `idempotencyKey` is one per order: a provider must never buy twice for the same key, however often
 * `purchase` is retried. `trackingSerial` is a unique database sequence value, used by providers that
 * number labels themselves (the test-mode provider); upstream carriers assign their own numbers.
 */
export type PurchaseOptions = { idempotencyKey: string; trackingSerial: bigint };

export type PurchasedLabel = {
  tracking: string;
  pdf: Uint8Array;
  carrier: Carrier;
  provider: string;
  isTestLabel: boolean;
};

export interface LabelProvider {
  readonly name: string;
  purchase(shipment: Shipment, options: PurchaseOptions): Promise<PurchasedLabel>;
}

/** The idempotency key of an order's label: stable across retries and job restarts. */
export const labelIdempotencyKey = (orderId: string): string => `label:${orderId}`;
