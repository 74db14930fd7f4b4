import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceReceipts, invoices, users } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceReceiptRow = typeof invoiceReceipts.$inferSelect;
export type AdminInvoiceRow = InvoiceRow & { resellerDiscordId: string; decidedByDiscordId: string | null };

export async function insertInvoice(db: DbOrTx, row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [created] = await db.insert(invoices).values(row).returning();
  return created!;
}

export async function findInvoice(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoice a receipt was ever given for (current or replaced since), if any. */
export async function findReceiptInvoiceId(db: DbOrTx, receipt: string): Promise<string | undefined> {
  const [row] = await db
    .select({ invoiceId: invoiceReceipts.invoiceId })
    .from(invoiceReceipts)
    .where(eq(invoiceReceipts.receipt, receipt));
  return row?.invoiceId;
}

/** Keeps a receipt in the invoice's history; unique across invoices (`invoice_receipts_receipt_idx`). */
export async function insertReceipt(
  db: DbOrTx,
  row: { invoiceId: string; receipt: string; receiptUrl: string | null },
): Promise<void> {
  await db.insert(invoiceReceipts).values(row);
}

/** The receipt history of the given invoices, newest first. */
export async function listReceipts(db: DbOrTx, invoiceIds: string[]): Promise<InvoiceReceiptRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceReceipts)
    .where(inArray(invoiceReceipts.invoiceId, invoiceIds))
    .orderBy(desc(invoiceReceipts.submittedAt), desc(invoiceReceipts.id));
}

export async function listUserInvoices(
  db: DbOrTx,
  options: { userId: string; offset: number; limit: number },
) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, options.userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, options.userId));
  return { rows, total: total?.n ?? 0 };
}

/** Serialises one reseller's new invoices until the transaction ends, so the caps count the others. */
export async function lockUserInvoices(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoices:${userId}`}, 0))`);
}

/** Pending invoices of a reseller, and all invoices they created since `since` (the throttle). */
export async function countUserInvoices(db: DbOrTx, userId: string, since: Date) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${invoices.status} = 'pending')::int`,
      recent: sql<number>`count(*) filter (where ${invoices.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId));
  return { pending: row?.pending ?? 0, recent: row?.recent ?? 0 };
}

/** Pending invoices staff must decide: manual ones, and hosted ones flagged for them (decision 323). */
export async function countPendingInvoices(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      and(eq(invoices.status, 'pending'), or(isNull(invoices.providerId), isNotNull(invoices.reviewReason))),
    );
  return row?.n ?? 0;
}

/** Stores the receipt on a pending invoice; false when the invoice is no longer pending. */
export async function setReceipt(
  db: DbOrTx,
  options: { id: string; receipt: string; receiptUrl: string | null },
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ receipt: options.receipt, receiptUrl: options.receiptUrl, receiptAt: new Date() })
    .where(and(eq(invoices.id, options.id), eq(invoices.status, 'pending')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * Moves a pending invoice to completed or cancelled; with `receipt`, only while that is still its current
 * receipt (null: none). The row lock of the UPDATE orders concurrent decisions and receipt changes: exactly
 * one sees it as it expects, the others get nothing back.
 */
export async function decideInvoice(
  db: DbOrTx,
  options: {
    id: string;
    status: 'completed' | 'cancelled';
    by: string;
    reason?: string;
    receipt?: string | null;
  },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({
      status: options.status,
      decidedBy: options.by,
      decidedAt: new Date(),
      cancelReason: options.reason ?? null,
    })
    .where(
      and(
        eq(invoices.id, options.id),
        eq(invoices.status, 'pending'),
        options.receipt === undefined
          ? undefined
          : sql`${invoices.receipt} is not distinct from ${options.receipt}`,
      ),
    )
    .returning();
  return row;
}

const reseller = alias(users, 'reseller');
const staff = alias(users, 'staff');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAdminInvoices(
  db: DbOrTx,
  options: { status: string; method: string; search: string; offset: number; limit: number; id?: string },
): Promise<{ rows: AdminInvoiceRow[]; total: number }> {
  const filters: SQL[] = [];
  if (options.id) filters.push(eq(invoices.id, options.id));
  if (options.status) filters.push(eq(invoices.status, options.status as InvoiceRow['status']));
  if (options.method) filters.push(eq(invoices.paymentMethod, options.method as InvoiceRow['paymentMethod']));
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    filters.push(
      or(
        ilike(invoices.note, pattern),
        ilike(reseller.discordId, pattern),
        ilike(reseller.username, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  // The pending queue reads oldest first (who has waited longest); other views newest first.
  const order =
    options.status === 'pending'
      ? [invoices.createdAt, invoices.id]
      : [desc(invoices.createdAt), desc(invoices.id)];
  const rows = await db
    .select({ invoice: invoices, resellerDiscordId: reseller.discordId, decidedByDiscordId: staff.discordId })
    .from(invoices)
    .innerJoin(reseller, eq(reseller.id, invoices.userId))
    .leftJoin(staff, eq(staff.id, invoices.decidedBy))
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(reseller, eq(reseller.id, invoices.userId))
    .where(where);
  return {
    rows: rows.map((r) => ({
      ...r.invoice,
      resellerDiscordId: r.resellerDiscordId,
      decidedByDiscordId: r.decidedByDiscordId,
    })),
    total: total?.n ?? 0,
  };
}

export const sinceHours = (hours: number, now = new Date()) => new Date(now.getTime() - hours * 3600_000);
