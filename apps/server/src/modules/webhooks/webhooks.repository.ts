import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpointRow = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewEventRow = typeof webhookEvents.$inferInsert;
export type NewDeliveryRow = typeof webhookDeliveries.$inferInsert;
export type DeliveryUpdate = Partial<
  Pick<
    DeliveryRow,
    'status' | 'attempts' | 'statusCode' | 'durationMs' | 'error' | 'nextRetryAt' | 'deliveredAt'
  >
>;

// Endpoints

export async function findOwnEndpoint(db: DbOrTx, userId: string, id: string): Promise<EndpointRow | null> {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return endpoint ?? null;
}

export function listUserEndpoints(db: DbOrTx, userId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
}

/** Counts the reseller's endpoints with their user row locked, so two creates serialise on it. */
export async function countEndpointsLocked(tx: DbOrTx, userId: string): Promise<number> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return n;
}

export async function insertEndpoint(tx: DbOrTx, row: NewEndpointRow): Promise<EndpointRow> {
  const [endpoint] = await tx.insert(webhookEndpoints).values(row).returning();
  return endpoint!;
}

export async function updateOwnEndpoint(
  db: DbOrTx,
  userId: string,
  id: string,
  set: Partial<NewEndpointRow>,
): Promise<EndpointRow | null> {
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return endpoint ?? null;
}

export async function deleteOwnEndpoint(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
}

export async function setEndpointSecret(db: DbOrTx, id: string, secretSealed: string): Promise<void> {
  await db.update(webhookEndpoints).set({ secretSealed }).where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints of these resellers, with the event types each subscribed to. */
export function findEnabledEndpoints(db: DbOrTx, userIds: readonly string[]) {
  return db
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, [...userIds]), eq(webhookEndpoints.enabled, true)));
}

export async function findEndpointPause(db: DbOrTx, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ pausedUntil: webhookEndpoints.pausedUntil })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row?.pausedUntil ?? null;
}

export async function clearEndpointFailing(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, id));
}

/** Marks the endpoint failing (from now, unless it already was), and pauses it when `pausedUntil` is given. */
export async function markEndpointFailing(tx: DbOrTx, id: string, pausedUntil?: Date): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
      ...(pausedUntil ? { pausedUntil } : {}),
    })
    .where(eq(webhookEndpoints.id, id));
}

/** Disables the endpoint when it has been failing since before `failingBefore`; its owner when it did. */
export async function disableEndpointFailingSince(
  tx: DbOrTx,
  id: string,
  failingBefore: Date,
): Promise<string | null> {
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'Failing for 3 days' })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
        lt(webhookEndpoints.failingSince, failingBefore),
      ),
    )
    .returning({ userId: webhookEndpoints.userId });
  return disabled[0]?.userId ?? null;
}

/** Where to tell a reseller of a disabled endpoint: a verified address of an account still enabled. */
export async function findVerifiedOwner(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.emailVerified, true), isNull(users.disabledAt)));
  return user ?? null;
}

// Events and deliveries

/** Inserts events; one whose source key was used before is dropped. The ids inserted. */
export async function insertEventsOnce(tx: DbOrTx, rows: NewEventRow[]): Promise<Set<string>> {
  const inserted = await tx
    .insert(webhookEvents)
    .values(rows)
    .onConflictDoNothing({ target: webhookEvents.sourceKey })
    .returning({ id: webhookEvents.id });
  return new Set(inserted.map((r) => r.id));
}

export async function insertDeliveries(tx: DbOrTx, rows: NewDeliveryRow[]): Promise<void> {
  await tx.insert(webhookDeliveries).values(rows);
}

/** The endpoint's latest deliveries, newest first, with their event types. */
export function listEndpointDeliveries(db: DbOrTx, endpointId: string, limit: number) {
  return db
    .select({ d: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findEndpointDelivery(
  db: DbOrTx,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRow | null> {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return delivery ?? null;
}

/** A delivery with its endpoint and its event's payload, for one attempt. */
export async function findDeliveryToAttempt(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/** Records attempt `attempt` of a pending delivery; false when another run recorded it first. */
export async function recordDeliveryAttempt(
  tx: DbOrTx,
  id: string,
  attempt: number,
  set: DeliveryUpdate,
): Promise<boolean> {
  const updated = await tx
    .update(webhookDeliveries)
    .set(set)
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.attempts, attempt - 1),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return updated.length > 0;
}
