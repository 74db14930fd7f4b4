import { and, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  authFailures,
  captchaSolutions,
  idempotencyKeys,
  inboundWebhookReceipts,
  otpCodes,
  otpRequests,
  rateLimitHits,
  sessions,
  webhookDeliveries,
  webhookEvents,
} from '../../db/schema.ts';

export const deleteSessionsExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(sessions).where(lt(sessions.expiresAt, at)).returning({ id: sessions.id });

export const deleteAuthFailuresBefore = (db: DbOrTx, at: Date) =>
  db.delete(authFailures).where(lt(authFailures.createdAt, at)).returning({ id: authFailures.id });

export const deleteCaptchaSolutionsExpiredBefore = (db: DbOrTx, at: Date) =>
  db
    .delete(captchaSolutions)
    .where(lt(captchaSolutions.expiresAt, at))
    .returning({ signature: captchaSolutions.signature });

export const deleteOtpCodesExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(otpCodes).where(lt(otpCodes.expiresAt, at)).returning({ id: otpCodes.id });

/** Idempotency keys past their 24 hours: a repeat after that is a new request (decision 111). */
export const deleteIdempotencyKeysExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, at)).returning({ key: idempotencyKeys.key });

/** Rate-limit windows that have ended: nothing counts against them any more (decision 195). */
export const deleteRateLimitHitsExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, at)).returning({ key: rateLimitHits.key });

export const deleteOtpRequestsBefore = (db: DbOrTx, at: Date) =>
  db.delete(otpRequests).where(lt(otpRequests.createdAt, at)).returning({ id: otpRequests.id });

/** Finished webhook deliveries created before `at`; a pending one still owes an attempt and stays. */
export const deleteFinishedDeliveriesBefore = (db: DbOrTx, at: Date) =>
  db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, at)))
    .returning({ id: webhookDeliveries.id });

/** Finished deliveries beyond the newest `keep` of their endpoint, in the order its delivery log shows. */
export async function deleteDeliveriesBeyondLog(db: DbOrTx, keep: number): Promise<number> {
  const result = (await db.execute(sql`
    DELETE FROM ${webhookDeliveries} d USING (
      SELECT id, status,
        row_number() OVER (PARTITION BY endpoint_id ORDER BY created_at DESC, id DESC) AS position
      FROM ${webhookDeliveries}
    ) ranked
    WHERE d.id = ranked.id AND ranked.position > ${keep} AND ranked.status <> 'pending'
    RETURNING d.id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * Events no delivery points at any more (nothing can resend them). Once-only events stay: their source
 * key is what keeps a late repeat (a refund in a finished bulk order) from being sent again.
 */
export const deleteUndeliverableEvents = (db: DbOrTx) =>
  db
    .delete(webhookEvents)
    .where(
      and(
        isNull(webhookEvents.sourceKey),
        notExists(
          db
            .select({ one: sql`1` })
            .from(webhookDeliveries)
            .where(sql`${webhookDeliveries.eventId} = ${webhookEvents.id}`),
        ),
      ),
    )
    .returning({ id: webhookEvents.id });

/** Accepted inbound webhook ids received before `before`. */
export const deleteInboundReceiptsBefore = (db: DbOrTx, before: Date) =>
  db
    .delete(inboundWebhookReceipts)
    .where(lt(inboundWebhookReceipts.receivedAt, before))
    .returning({ id: inboundWebhookReceipts.messageId });
