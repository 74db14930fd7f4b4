import type { Config } from '../config.ts';
import type { QueueDefinition } from './job-queue.ts';

/** One job per order: render or buy its label. */
export const LABEL_QUEUE = 'label-generate';
/** Label jobs whose last attempt failed land here: the order is cancelled and refunded. */
export const LABEL_FAILED_QUEUE = 'label-failed';

export type LabelJobData = { orderId: string };

/** Deletes expired sessions, spent captchas and codes, old throttle rows (on a schedule). */
export const HOUSEKEEPING_QUEUE = 'housekeeping';

/** Removes label files past the retention staff set (daily; decision 336). */
export const LABEL_RETENTION_QUEUE = 'label-file-retention';

/** Asks providers where the label voids they hold stand, and voids unused labels (on a schedule). */
export const REFUND_VOIDS_QUEUE = 'refund-voids';

/** One job per attempt to deliver a webhook event to one endpoint. */
export const WEBHOOK_QUEUE = 'webhook-deliver';

export type WebhookJobData = { deliveryId: string; attempt: number };

/**
 * Looks at orders' tracking (polling, the test-mode walk); each look sends the order's next. The first
 * look at labels stored together is one job for all of them (`orderIds`, decision 347).
 */
export const TRACKING_QUEUE = 'tracking-poll';

export type TrackingJobData = { orderId: string } | { orderIds: string[] };

/** One job per look at an open hosted payment (decision 323); each sends the next, with backoff. */
export const PAYMENT_CHECK_QUEUE = 'payment-check';

export type PaymentCheckJobData = { invoiceId: string; attempt: number };

/**
 * The outbox's sweep, once a minute (decision 338): delivers the domain events that the processes which
 * recorded them did not.
 */
export const OUTBOX_QUEUE = 'outbox-deliver';

/**
 * The scheduled sweep's job carries no data; `{ ids }` (an event's rows) and `{ id }` (one row) are jobs of
 * earlier releases, which sent one per event or per row, delivered as they come.
 */
export type OutboxJobData = { ids: string[] } | { id: string } | Record<string, never>;

/** Every queue the app uses, dead-letter queues first (a queue may only name an existing one). */
export const queueDefinitions = (config: Config): QueueDefinition[] => [
  { name: LABEL_FAILED_QUEUE, retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 60 },
  {
    name: LABEL_QUEUE,
    retryLimit: config.labelJobs.retryLimit,
    retryDelaySeconds: config.labelJobs.retryDelaySeconds,
    // An attempt that runs longer is presumed stuck and is retried.
    expireInSeconds: config.labelJobs.timeoutSeconds,
    // Held with a lease its worker renews: a crashed instance's jobs are taken over once it lapses.
    leaseSeconds: config.labelJobs.leaseSeconds,
    deadLetter: LABEL_FAILED_QUEUE,
  },
  { name: HOUSEKEEPING_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 },
  { name: LABEL_RETENTION_QUEUE, retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 3600 },
  { name: REFUND_VOIDS_QUEUE, retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 600 },
  // Webhook retries are scheduled by the worker (decision 115); these only cover a crashed attempt.
  { name: WEBHOOK_QUEUE, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 60 },
  { name: TRACKING_QUEUE, retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 120 },
  { name: PAYMENT_CHECK_QUEUE, retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 120 },
  {
    name: OUTBOX_QUEUE,
    // A subscriber's failure does not fail the sweep (the row counts it); only the database's would.
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    // Leased like the label jobs: a delivery taken by an instance that died is taken over at once.
    leaseSeconds: config.labelJobs.leaseSeconds,
  },
];
