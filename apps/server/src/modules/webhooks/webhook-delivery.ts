import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.ts';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../../jobs/queues.ts';
import { redactUrl } from '../../lib/redact-url.ts';
import { paragraphsHtml } from '../../mail/escape-html.ts';
import { createDeliverySemaphore, type DeliverySemaphore } from './delivery-semaphore.ts';
import { postWebhook, type PostResult } from './webhook-transport.ts';
import {
  clearEndpointFailing,
  disableEndpointFailingSince,
  findDeliveryToAttempt,
  findEndpointPause,
  findVerifiedOwner,
  markEndpointFailing,
  recordDeliveryAttempt,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

/** Attempts in flight at once in one instance, per endpoint and per reseller (decision 271). */
export const CONCURRENCY_PER_ENDPOINT = 4;
export const CONCURRENCY_PER_RESELLER = 8;
/** How long an attempt waits for a place of its endpoint and reseller before it is put back in the queue. */
const PLACE_WAIT_MS = 1000;
/** When such an attempt comes round again, about this much later. */
const BUSY_WAIT_MS = 2000;
/** The longest pause of an endpoint that keeps timing out. */
const MAX_PAUSE_MS = 3600_000;
/** An endpoint whose every attempt failed for this long is disabled and its owner told. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** Retries double from the base up to this gap. */
const MAX_RETRY_GAP_MS = 6 * 3600_000;

const retryable = (result: PostResult): boolean =>
  result.kind === 'error' || result.statusCode >= 500 || result.statusCode === 429;
const succeeded = (result: PostResult): boolean =>
  result.kind === 'response' && result.statusCode >= 200 && result.statusCode < 300;

/** When attempt `attempt + 1` runs: base × 2^(attempt-1), capped, with ±10 % jitter so retries spread. */
export function nextAttemptAt(baseSeconds: number, attempt: number, now = Date.now()): Date {
  const gap = Math.min(baseSeconds * 1000 * 2 ** (attempt - 1), MAX_RETRY_GAP_MS);
  return new Date(now + gap * (0.9 + Math.random() * 0.2));
}

/** The Standard Webhooks headers for one attempt (the event id is the message id, the same on every retry). */
export function signedHeaders(secret: string, eventId: string, payload: string, at = new Date()) {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, payload),
  };
}

/** Puts the attempt back in the queue for `at`, without counting it: the job itself then completes. */
const postpone = (ctx: AppContext, job: WebhookJobData, at: Date) =>
  ctx.jobs.sendInTransaction<WebhookJobData>(ctx.db, WEBHOOK_QUEUE, [job], { startAfter: at });

/**
 * After a timeout the endpoint gets no attempt for as long as it has been failing (from the retry base up
 * to an hour), so its deliveries stop holding workers for the whole timeout, time after time.
 */
const pauseAfterTimeout = (baseSeconds: number, failingSince: Date | null, now: number): Date => {
  const failingFor = failingSince ? now - failingSince.getTime() : 0;
  return new Date(now + Math.min(MAX_PAUSE_MS, Math.max(baseSeconds * 1000, failingFor)));
};

const UNLIMITED: DeliverySemaphore = { tryTake: () => () => {}, take: async () => () => {} };

/**
 * One attempt of one delivery (a queue job). Idempotent: a job whose attempt already ran (its instance
 * crashed after recording it) finds the delivery moved on and does nothing. An endpoint that is paused,
 * or at its limit of attempts in flight (or its reseller at theirs), has the attempt postponed.
 */
export async function attemptDelivery(
  ctx: AppContext,
  job: WebhookJobData,
  semaphore: DeliverySemaphore = UNLIMITED,
): Promise<void> {
  const row = await findDeliveryToAttempt(ctx.db, job.deliveryId);
  if (!row || row.delivery.status !== 'pending' || row.delivery.attempts !== job.attempt - 1) return;
  const { delivery, endpoint, payload } = row;

  let result: PostResult = { kind: 'error', message: 'Endpoint disabled', durationMs: 0 };
  if (endpoint.enabled) {
    if (endpoint.pausedUntil && endpoint.pausedUntil.getTime() > Date.now())
      return postpone(ctx, job, endpoint.pausedUntil);
    const waitedFrom = Date.now();
    const release = await semaphore.take(endpoint.id, endpoint.userId, PLACE_WAIT_MS);
    if (!release) return postpone(ctx, job, new Date(Date.now() + BUSY_WAIT_MS * (0.75 + Math.random() / 2)));
    try {
      // A place freed by an attempt that timed out comes with the pause it just recorded.
      const pausedUntil =
        Date.now() > waitedFrom ? await findEndpointPause(ctx.db, endpoint.id) : endpoint.pausedUntil;
      if (pausedUntil && pausedUntil.getTime() > Date.now()) return await postpone(ctx, job, pausedUntil);
      result = await postWebhook(endpoint.url, {
        headers: signedHeaders(ctx.sealer.open(endpoint.secretSealed), delivery.eventId, payload),
        body: payload,
        timeoutMs: ctx.config.webhooks.timeoutSeconds * 1000,
        blockPrivateTargets: ctx.config.webhooks.blockPrivateTargets,
      });
      await recordAttempt(ctx, job, row, result);
    } finally {
      release();
    }
    return;
  }
  await recordAttempt(ctx, job, row, result);
}

/** Writes an attempt's outcome (and what follows: a retry, a pause, a disabled endpoint). */
async function recordAttempt(
  ctx: AppContext,
  job: WebhookJobData,
  { delivery, endpoint }: { delivery: DeliveryRow; endpoint: EndpointRow },
  result: PostResult,
): Promise<void> {
  const now = new Date();
  const ok = succeeded(result);
  const retryAt = nextAttemptAt(ctx.config.webhooks.retryBaseSeconds, job.attempt, now.getTime());
  const withinWindow =
    retryAt.getTime() - delivery.createdAt.getTime() <= ctx.config.webhooks.retryHours * 3600_000;
  const retry = !ok && endpoint.enabled && retryable(result) && withinWindow;
  const statusCode = result.kind === 'response' ? result.statusCode : null;

  const disabledOwner = await ctx.db.transaction(async (tx) => {
    const recorded = await recordDeliveryAttempt(tx, delivery.id, job.attempt, {
      status: ok ? 'delivered' : retry ? 'pending' : 'failed',
      attempts: job.attempt,
      statusCode,
      durationMs: result.durationMs,
      error: ok ? null : result.kind === 'error' ? result.message : `HTTP ${result.statusCode}`,
      nextRetryAt: retry ? retryAt : null,
      deliveredAt: ok ? now : null,
    });
    if (!recorded) return null;
    if (retry)
      await ctx.jobs.sendInTransaction<WebhookJobData>(
        tx,
        WEBHOOK_QUEUE,
        [{ deliveryId: delivery.id, attempt: job.attempt + 1 }],
        { startAfter: retryAt },
      );
    if (ok) {
      // Most deliveries succeed to a healthy endpoint: no write for those.
      if (endpoint.failingSince === null) return null;
      await clearEndpointFailing(tx, endpoint.id);
      return null;
    }
    if (!endpoint.enabled) return null;
    const isTimeout = result.kind === 'error' && result.isTimeout === true;
    await markEndpointFailing(
      tx,
      endpoint.id,
      isTimeout
        ? pauseAfterTimeout(ctx.config.webhooks.retryBaseSeconds, endpoint.failingSince, now.getTime())
        : undefined,
    );
    return disableEndpointFailingSince(tx, endpoint.id, new Date(now.getTime() - DISABLE_AFTER_MS));
  });
  if (disabledOwner) await tellOwnerDisabled(ctx, disabledOwner, endpoint.url);
}

/** The reseller hears of a disabled endpoint by e-mail when their address is verified (and always in the log). */
async function tellOwnerDisabled(ctx: AppContext, userId: string, url: string): Promise<void> {
  ctx.log.warn({ userId, url: redactUrl(url) }, 'webhook endpoint disabled after failing for 3 days');
  const user = await findVerifiedOwner(ctx.db, userId);
  if (!user?.email) return;
  const text =
    `Hello ${user.username},\n\nEvery delivery to your webhook endpoint ${url} has failed for 3 days, ` +
    'so we have disabled it. Fix the endpoint, then enable it again in Account Setting > Webhooks; ' +
    'the delivery log there shows what went wrong.\n\nLabelPort';
  await ctx.mailer
    .send({
      to: user.email,
      subject: 'Your LabelPort webhook endpoint was disabled',
      text,
      html: paragraphsHtml(text),
    })
    .catch((err: unknown) => ctx.log.error({ err }, 'could not send the webhook-disabled e-mail'));
}

/** Starts this instance's webhook delivery workers (main.ts, beside startWorkers). */
export async function startWebhookWorkers(ctx: AppContext): Promise<void> {
  const semaphore = createDeliverySemaphore({
    perEndpoint: CONCURRENCY_PER_ENDPOINT,
    perReseller: CONCURRENCY_PER_RESELLER,
  });
  // Up to `workers` attempts at once, each finishing on its own: a slow endpoint holds only its own place.
  await ctx.jobs.workEach<WebhookJobData>(WEBHOOK_QUEUE, (job) => attemptDelivery(ctx, job.data, semaphore), {
    concurrency: ctx.config.webhooks.workers,
  });
}
