import { randomBytes, randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../../jobs/queues.ts';

/** Every event a reseller may subscribe to (`test` is sent on demand only, to one endpoint). */
export const WEBHOOK_EVENT_TYPES = [
  'order.completed',
  'order.cancelled',
  'bulk_order.completed',
  'deposit.completed',
  'deposit.cancelled',
  'courier_order.updated',
  'refund_request.updated',
  'test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What receivers get: `{ id, type, created, data }`; `id` doubles as the `webhook-id` header. */
export type WebhookPayload = { id: string; type: WebhookEventType; created: string; data: unknown };

export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`;

/** Records an event and the deliveries for it, queuing one job per delivery, in the caller's transaction. */
async function recordEvent(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  event: { userId: string; type: WebhookEventType; data: unknown },
  endpointIds: string[],
): Promise<string | null> {
  if (endpointIds.length === 0) return null;
  const created = new Date();
  const id = newEventId();
  const payload: WebhookPayload = { id, type: event.type, created: created.toISOString(), data: event.data };
  await tx.insert(webhookEvents).values({
    id,
    userId: event.userId,
    type: event.type,
    payload: JSON.stringify(payload),
    createdAt: created,
  });
  const deliveries = endpointIds.map((endpointId) => ({ id: randomUUID(), eventId: id, endpointId }));
  await tx.insert(webhookDeliveries).values(deliveries);
  await ctx.jobs.sendInTransaction<WebhookJobData>(
    tx,
    WEBHOOK_QUEUE,
    deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 })),
  );
  return id;
}

/**
 * Sends an event to every enabled endpoint of the reseller that subscribed to its type. Call it inside
 * the transaction that makes the change: the event exists exactly when the change commits.
 */
export async function emitWebhookEvent(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  event: { userId: string; type: Exclude<WebhookEventType, 'test'>; data: unknown },
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, event.userId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  return recordEvent(
    ctx,
    tx,
    event,
    endpoints.map((e) => e.id),
  );
}

/** The `test` event, to one endpoint whatever it subscribed to. */
export const emitTestEvent = (
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  userId: string,
  endpointId: string,
): Promise<string | null> =>
  recordEvent(ctx, tx, { userId, type: 'test', data: { message: 'This is a test event from LabelPort.' } }, [
    endpointId,
  ]);
