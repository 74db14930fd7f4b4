import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authFailures } from '../../db/schema.ts';

/** `account-code`: wrong second-factor codes of an account, from any address. */
export type Scope = 'account' | 'ip' | 'account-ip' | 'account-code';

export async function countRecentFailures(
  db: DbOrTx,
  scope: Scope,
  key: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordFailure(db: DbOrTx, scope: Scope, key: string): Promise<void> {
  await db.insert(authFailures).values({ scope, key });
}

export async function clearFailures(db: DbOrTx, scope: Scope, key: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));
}

export async function pruneFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.createdAt, before));
}

export async function recordFailures(db: DbOrTx, rows: { scope: Scope; key: string }[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(authFailures).values(rows).returning({ id: authFailures.id });
  return inserted.map((r) => r.id);
}

export async function deleteFailures(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(authFailures).where(inArray(authFailures.id, ids));
}

/** Serialises sign-in bookkeeping for one account until the transaction ends (PostgreSQL and PGlite). */
export async function lockAccountFailures(tx: DbOrTx, account: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'login:' + account}))`);
}
