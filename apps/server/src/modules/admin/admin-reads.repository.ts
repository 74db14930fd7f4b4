import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, ledgerEntries, mailOutbox, orders, users } from '../../db/schema.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAuditRows(
  db: DbOrTx,
  options: {
    actor: string;
    action: string;
    targetId: string;
    from?: Date;
    to?: Date;
    offset: number;
    limit: number;
  },
) {
  const filters: SQL[] = [];
  if (options.actor) filters.push(ilike(users.discordId, `%${escapeLike(options.actor)}%`));
  if (options.action) filters.push(ilike(auditLog.action, `%${escapeLike(options.action)}%`));
  if (options.targetId) filters.push(eq(auditLog.targetId, options.targetId));
  if (options.from) filters.push(gte(auditLog.createdAt, options.from));
  if (options.to) filters.push(lt(auditLog.createdAt, options.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorDiscordId: users.discordId })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  return { rows, total: totals?.n ?? 0 };
}

export async function listMailRows(db: DbOrTx, options: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db.select({ n: count() }).from(mailOutbox);
  return { rows, total: totals?.n ?? 0 };
}

/** Labels sold (orders not cancelled) and their revenue per UTC day since `since`. */
export async function labelsPerDay(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      labels: sql<number>`count(*)::int`,
      revenueCents: sql<string>`coalesce(sum(${orders.priceCents}), 0)`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), sql`${orders.status} <> 'cancelled'`))
    .groupBy(day);
}

/** What deposits added to balances since `since` (approvals and card payments, less refunds and disputes). */
export async function depositCentsSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'deposit'), gte(ledgerEntries.createdAt, since)));
  return Number(row?.cents ?? 0);
}

export async function countResellers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'user'));
  return row?.n ?? 0;
}
