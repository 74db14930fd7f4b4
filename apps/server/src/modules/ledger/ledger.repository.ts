import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema.ts';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

/** What a ledger entry says of the money it moves. */
export type LedgerEntryInput = {
  userId: string;
  kind: LedgerKind;
  /** Positive credits the balance, negative charges it. */
  amountCents: number;
  /** Unique per real-world cause (e.g. `refund:order:<id>`): the same cause never moves money twice. */
  sourceKey: string;
  note?: string | null;
  /** The staff member who made the change (adjustments, approvals); shown in the console's ledger. */
  createdBy?: string | null;
};

export async function insertEntryOnce(
  tx: DbOrTx,
  entry: LedgerEntryInput & { memberId?: string | null; spentAt?: Date | null },
): Promise<string | null> {
  const rows = await tx
    .insert(ledgerEntries)
    .values({ ...entry, balanceAfterCents: 0 })
    .onConflictDoNothing({ target: ledgerEntries.sourceKey })
    .returning({ id: ledgerEntries.id });
  return rows[0]?.id ?? null;
}

/**
 * Moves the cached balance; refuses (returns null) rather than going below zero, unless `mayGoNegative`
 * (a disputed or refunded deposit takes back what was spent, decision 324).
 */
export async function addToBalance(
  tx: DbOrTx,
  userId: string,
  amountCents: number,
  mayGoNegative = false,
): Promise<number | null> {
  const rows = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${amountCents}` })
    .where(
      and(eq(users.id, userId), mayGoNegative ? undefined : sql`${users.balanceCents} + ${amountCents} >= 0`),
    )
    .returning({ balanceCents: users.balanceCents });
  return rows[0]?.balanceCents ?? null;
}

export async function setBalanceAfter(tx: DbOrTx, entryId: string, balanceAfterCents: number): Promise<void> {
  await tx.update(ledgerEntries).set({ balanceAfterCents }).where(eq(ledgerEntries.id, entryId));
}

/** The member a charge was made for and when, by the charge's source key; null when none was. */
export async function findCharge(
  tx: DbOrTx,
  sourceKey: string,
): Promise<{ memberId: string | null; createdAt: Date } | null> {
  const [row] = await tx
    .select({ memberId: ledgerEntries.memberId, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sourceKey, sourceKey), eq(ledgerEntries.kind, 'order_charge')));
  return row ?? null;
}

export async function sumEntries(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.total ?? 0);
}
