import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../../jobs/queues.ts';
import { findEnabledEndpoints, insertDeliveries, insertEventsOnce } from './webhooks.repository.ts';

/** Every event a reseller may subscribe to (`test` is sent on demand only, to one endpoint). */
export const WEBHOOK_EVENT_TYPES = [
  'order.completed',
  'order.cancelled',
  'bulk_order.completed',
  'deposit.completed',
  'deposit.cancelled',
  'courier_order.updated',
  'refund_request.updated',
  'order.tracking_updated',
  'order.refund_rejected',
  /** A hosted payment credited the balance (issue 44), or a refund or dispute took it back: the invoice and the new balance. */
  'deposit.credited',
  'deposit.reversed',
  'scan_form.created',
  'pickup.scheduled',
  'pickup.cancelled',
  'test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What receivers get: `{ id, type, created, data }`; `id` doubles as the `webhook-id` header. */
export type WebhookPayload = { id: string; type: WebhookEventType; created: string; data: unknown };

export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`;

export type WebhookEventInput = {
  userId: string;
  type: Exclude<WebhookEventType, 'test'>;
  data: unknown;
  /** Makes the event once-only: a second event with the same key is dropped. */
  sourceKey?: string;
};
type Recorded = Omit<WebhookEventInput, 'type'> & { type: WebhookEventType; endpointIds: string[] };

const CHUNK = 500;

/** Records events and their deliveries, queuing one job per delivery, in the caller's transaction. */
async function recordEvents(ctx: Pick<AppContext, 'jobs'>, tx: DbOrTx, list: Recorded[]): Promise<string[]> {
  const created = new Date();
  const rows = list
    .filter((e) => e.endpointIds.length > 0)
    .map((e) => {
      const id = newEventId();
      const payload: WebhookPayload = { id, type: e.type, created: created.toISOString(), data: e.data };
      return { event: e, id, payload: JSON.stringify(payload) };
    });
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const inserted = await insertEventsOnce(
      tx,
      chunk.map((r) => ({
        id: r.id,
        userId: r.event.userId,
        type: r.event.type,
        payload: r.payload,
        sourceKey: r.event.sourceKey ?? null,
        createdAt: created,
      })),
    );
    const deliveries = chunk
      .filter((r) => inserted.has(r.id))
      .flatMap((r) =>
        r.event.endpointIds.map((endpointId) => ({ id: randomUUID(), eventId: r.id, endpointId })),
      );
    if (deliveries.length === 0) continue;
    await insertDeliveries(tx, deliveries);
    await ctx.jobs.sendInTransaction<WebhookJobData>(
      tx,
      WEBHOOK_QUEUE,
      deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 })),
    );
    ids.push(...inserted);
  }
  return ids;
}

/**
 * Sends events to every enabled endpoint of their reseller that subscribed to their type. Call it
 * inside the transaction that makes the change: the events exist exactly when the change commits.
 * Returns the ids of the events recorded (none when nobody subscribed).
 */
export async function emitWebhookEvents(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  events: readonly WebhookEventInput[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const userIds = [...new Set(events.map((e) => e.userId))];
  const endpoints = await findEnabledEndpoints(tx, userIds);
  if (endpoints.length === 0) return [];
  return recordEvents(
    ctx,
    tx,
    events.map((e) => ({
      ...e,
      endpointIds: endpoints
        .filter((p) => p.userId === e.userId && p.events.includes(e.type))
        .map((p) => p.id),
    })),
  );
}

/** One event (see emitWebhookEvents); returns its id, or null when no endpoint wants it. */
export async function emitWebhookEvent(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  event: WebhookEventInput,
): Promise<string | null> {
  const [id] = await emitWebhookEvents(ctx, tx, [event]);
  return id ?? null;
}

/** The `test` event, to one endpoint whatever it subscribed to. */
export async function emitTestEvent(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  userId: string,
  endpointId: string,
): Promise<string> {
  const data = { message: 'This is a test event from LabelPort.' };
  const [id] = await recordEvents(ctx, tx, [{ userId, type: 'test', data, endpointIds: [endpointId] }]);
  return id!;
}
