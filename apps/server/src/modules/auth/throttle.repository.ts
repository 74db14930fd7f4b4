import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authFailures } from '../../db/schema.ts';

type Scope = 'account' | 'ip';

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
