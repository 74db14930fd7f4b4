import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inboundWebhookReceipts, trackingPolls } from '../../db/schema.ts';

export type TrackingPollRow = typeof trackingPolls.$inferSelect;

/** Starts polling of orders (an order already polled keeps its poll). */
export async function insertPolls(db: DbOrTx, rows: (typeof trackingPolls.$inferInsert)[]): Promise<void> {
  await db.insert(trackingPolls).values(rows).onConflictDoNothing();
}

export async function findPoll(db: DbOrTx, orderId: string): Promise<TrackingPollRow | null> {
  const [row] = await db.select().from(trackingPolls).where(eq(trackingPolls.orderId, orderId));
  return row ?? null;
}

export async function setNextPoll(
  db: DbOrTx,
  orderId: string,
  next: { nextAt: Date; intervalSeconds: number },
): Promise<void> {
  await db.update(trackingPolls).set(next).where(eq(trackingPolls.orderId, orderId));
}

/** Pushes the next poll of an order that just had news from a webhook back by its interval. */
export async function postponePoll(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(trackingPolls)
    .set({ nextAt: sql`now() + make_interval(secs => ${trackingPolls.intervalSeconds})` })
    .where(eq(trackingPolls.orderId, orderId));
}

export async function deletePoll(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(trackingPolls).where(eq(trackingPolls.orderId, orderId));
}

/** Remembers an accepted message id; false when it was already (a replay). */
export async function rememberReceipt(db: DbOrTx, source: string, messageId: string): Promise<boolean> {
  const rows = await db
    .insert(inboundWebhookReceipts)
    .values({ source, messageId })
    .onConflictDoNothing()
    .returning({ id: inboundWebhookReceipts.messageId });
  return rows.length > 0;
}
