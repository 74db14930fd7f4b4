import { randomBytes, randomUUID } from 'node:crypto';
import type { webhookCreateBody, webhookUpdateBody } from '@portal/shared';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookDeliveryView, type WebhookEndpointView } from '@portal/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../../jobs/queues.ts';
import { emitTestEvent } from './webhook-events.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import {
  countEndpointsLocked,
  deleteOwnEndpoint,
  findEndpointDelivery,
  findOwnEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpointDeliveries,
  listUserEndpoints,
  setEndpointSecret,
  updateOwnEndpoint,
  type EndpointRow,
} from './webhooks.repository.ts';

export { emitWebhookEvent, emitWebhookEvents, type WebhookEventInput } from './webhook-events.ts';

type Endpoint = EndpointRow;
/** The delivery log shows this many per endpoint; housekeeping deletes older ones. */
export const DELIVERY_LOG_SIZE = 100;

const toView = (endpoint: Endpoint): WebhookEndpointView => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  failingSince: endpoint.failingSince?.toISOString() ?? null,
  createdAt: endpoint.createdAt.toISOString(),
});

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

async function ownEndpoint(ctx: AppContext, userId: string, id: string): Promise<Endpoint> {
  const endpoint = await findOwnEndpoint(ctx.db, userId, id);
  if (!endpoint) throw AppError.notFound('Webhook endpoint not found');
  return endpoint;
}

export async function listEndpoints(ctx: AppContext, userId: string): Promise<WebhookEndpointView[]> {
  return (await listUserEndpoints(ctx.db, userId)).map(toView);
}

export async function createEndpoint(
  ctx: AppContext,
  userId: string,
  body: z.output<typeof webhookCreateBody>,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const url = await checkWebhookUrl(ctx, body.url);
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    // The count and the insert serialise on the reseller's row, so two quick creates cannot make a sixth.
    if ((await countEndpointsLocked(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError('CONFLICT', `You can have up to ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    const endpoint = await insertEndpoint(tx, {
      id: randomUUID(),
      userId,
      url,
      events: body.events,
      enabled: body.enabled,
      secretSealed: ctx.sealer.seal(secret),
    });
    return { endpoint: toView(endpoint), secret };
  });
}

export async function updateEndpoint(
  ctx: AppContext,
  userId: string,
  id: string,
  body: z.output<typeof webhookUpdateBody>,
): Promise<WebhookEndpointView> {
  await ownEndpoint(ctx, userId, id);
  const url = body.url !== undefined ? await checkWebhookUrl(ctx, body.url) : undefined;
  const endpoint = await updateOwnEndpoint(ctx.db, userId, id, {
    ...(url !== undefined ? { url } : {}),
    ...(body.events ? { events: body.events } : {}),
    // Enabling again starts the 3-day failure count afresh.
    ...(body.enabled !== undefined
      ? { enabled: body.enabled, disabledReason: null, failingSince: null, pausedUntil: null }
      : {}),
  });
  return toView(endpoint!);
}

export async function deleteEndpoint(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ownEndpoint(ctx, userId, id);
  await deleteOwnEndpoint(ctx.db, userId, id);
}

export async function regenerateSecret(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const existing = await ownEndpoint(ctx, userId, id);
  const secret = newSecret();
  await setEndpointSecret(ctx.db, existing.id, ctx.sealer.seal(secret));
  return { endpoint: toView(existing), secret };
}

/**
 * Test events and resends are sent on a reseller's demand: a budget per minute (decision 271), shared by
 * the instances, keeps a loop of them from filling the delivery queue.
 */
async function spendManualSend(ctx: AppContext, userId: string): Promise<void> {
  const max = ctx.config.webhooks.manualSendsPerMinute;
  if (max === 0) return;
  const { current, ttl } = await ctx.rateLimits(`webhook-send:${userId}`, 60_000);
  if (current <= max) return;
  const wait = Math.max(1, Math.ceil(ttl / 1000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `Too many test events and resends, please try again in ${wait} seconds`,
    { headers: { 'retry-after': String(wait) } },
  );
}

export async function sendTestEvent(ctx: AppContext, userId: string, id: string): Promise<string> {
  const endpoint = await ownEndpoint(ctx, userId, id);
  await spendManualSend(ctx, userId);
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the endpoint before sending a test event');
  const eventId = await ctx.db.transaction((tx) => emitTestEvent(ctx, tx, userId, endpoint.id));
  ctx.jobs.wake(WEBHOOK_QUEUE);
  return eventId;
}

/** The last 100 deliveries to the endpoint, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WebhookDeliveryView[]> {
  await ownEndpoint(ctx, userId, id);
  const rows = await listEndpointDeliveries(ctx.db, id, DELIVERY_LOG_SIZE);
  return rows.map(({ d, eventType }) => ({
    id: d.id,
    eventId: d.eventId,
    eventType,
    status: d.status,
    statusCode: d.statusCode,
    durationMs: d.durationMs,
    attempts: d.attempts,
    error: d.error,
    nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  }));
}

/** Sends the same event (same id, so receivers may de-duplicate) again, as a new delivery. */
export async function resendDelivery(
  ctx: AppContext,
  userId: string,
  id: string,
  deliveryId: string,
): Promise<string> {
  const endpoint = await ownEndpoint(ctx, userId, id);
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the endpoint before resending');
  await spendManualSend(ctx, userId);
  const delivery = await findEndpointDelivery(ctx.db, endpoint.id, deliveryId);
  if (!delivery) throw AppError.notFound('Delivery not found');
  await ctx.db.transaction(async (tx) => {
    const fresh = { id: randomUUID(), eventId: delivery.eventId, endpointId: endpoint.id };
    await insertDeliveries(tx, [fresh]);
    await ctx.jobs.sendInTransaction<WebhookJobData>(tx, WEBHOOK_QUEUE, [
      { deliveryId: fresh.id, attempt: 1 },
    ]);
  });
  ctx.jobs.wake(WEBHOOK_QUEUE);
  return delivery.eventId;
}
