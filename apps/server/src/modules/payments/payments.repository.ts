import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inboundWebhookReceipts, invoices, paymentProviders, users } from '../../db/schema.ts';

export type PaymentProviderRow = typeof paymentProviders.$inferSelect;
export type HostedInvoiceRow = typeof invoices.$inferSelect;

export async function listPaymentProviders(db: DbOrTx): Promise<PaymentProviderRow[]> {
  return db
    .select()
    .from(paymentProviders)
    .orderBy(asc(paymentProviders.createdAt), asc(paymentProviders.id));
}

export async function findPaymentProvider(db: DbOrTx, id: string): Promise<PaymentProviderRow | undefined> {
  const [row] = await db.select().from(paymentProviders).where(eq(paymentProviders.id, id));
  return row;
}

export async function findPaymentProviderByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: paymentProviders.id })
    .from(paymentProviders)
    .where(sql`lower(${paymentProviders.name}) = lower(${name})`);
  return row;
}

export async function insertPaymentProvider(
  db: DbOrTx,
  row: typeof paymentProviders.$inferInsert,
): Promise<PaymentProviderRow> {
  const [inserted] = await db.insert(paymentProviders).values(row).returning();
  return inserted!;
}

export async function updatePaymentProvider(
  db: DbOrTx,
  id: string,
  fields: Partial<typeof paymentProviders.$inferInsert>,
): Promise<PaymentProviderRow | undefined> {
  const [row] = await db
    .update(paymentProviders)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(paymentProviders.id, id))
    .returning();
  return row;
}

export async function deletePaymentProvider(db: DbOrTx, id: string): Promise<void> {
  await db.delete(paymentProviders).where(eq(paymentProviders.id, id));
}

export async function countInvoicesOf(db: DbOrTx, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.providerId, providerId));
  return row?.n ?? 0;
}

/** The enabled providers, oldest first: the first one serving a method takes its deposits. */
export async function enabledPaymentProviders(db: DbOrTx): Promise<PaymentProviderRow[]> {
  return db
    .select()
    .from(paymentProviders)
    .where(eq(paymentProviders.isEnabled, true))
    .orderBy(asc(paymentProviders.createdAt), asc(paymentProviders.id));
}

/** A reseller's open hosted payment for a method: pending, nothing captured, not waiting on staff. */
export async function findOpenHosted(db: DbOrTx, userId: string, method: HostedInvoiceRow['paymentMethod']) {
  const [row] = await db
    .select({ id: invoices.id, note: invoices.note })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.paymentMethod, method),
        isNotNull(invoices.providerId),
        eq(invoices.status, 'pending'),
        isNull(invoices.captureId),
        isNull(invoices.reviewReason),
      ),
    );
  return row;
}

/** What a reseller paid (or is paying) through a provider since `since`: completed and open invoices. */
export async function sumHostedSince(db: DbOrTx, userId: string, providerId: string, since: Date) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${invoices.amountCents}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.providerId, providerId),
        inArray(invoices.status, ['pending', 'completed']),
        gte(invoices.createdAt, since),
      ),
    );
  return Number(row?.cents ?? 0);
}

export async function userCreatedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt ?? null;
}

export async function findHostedInvoice(db: DbOrTx, id: string): Promise<HostedInvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoice row, locked until the transaction ends: one reconciliation at a time per invoice. */
export async function lockInvoice(db: DbOrTx, id: string): Promise<HostedInvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function findInvoiceByReference(db: DbOrTx, providerId: string, reference: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.providerId, providerId), eq(invoices.reference, reference)));
  return row?.id ?? null;
}

export async function findInvoiceByCapture(db: DbOrTx, providerId: string, captureId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.providerId, providerId), eq(invoices.captureId, captureId)));
  return row?.id ?? null;
}

export async function updateInvoice(
  db: DbOrTx,
  id: string,
  fields: Partial<typeof invoices.$inferInsert>,
): Promise<HostedInvoiceRow> {
  const [row] = await db.update(invoices).set(fields).where(eq(invoices.id, id)).returning();
  return row!;
}

/** Remembers an accepted event id; false when it was already (a replay). */
export async function rememberEvent(db: DbOrTx, source: string, messageId: string): Promise<boolean> {
  const rows = await db
    .insert(inboundWebhookReceipts)
    .values({ source, messageId })
    .onConflictDoNothing()
    .returning({ id: inboundWebhookReceipts.messageId });
  return rows.length > 0;
}

export async function forgetEvent(db: DbOrTx, source: string, messageId: string): Promise<void> {
  await db
    .delete(inboundWebhookReceipts)
    .where(and(eq(inboundWebhookReceipts.source, source), eq(inboundWebhookReceipts.messageId, messageId)));
}
