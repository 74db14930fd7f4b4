import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, orderStats, sessions, users } from '../../db/schema.ts';

const orderCount = sql<number>`coalesce(${orderStats.pending} + ${orderStats.processing} + ${orderStats.completed} + ${orderStats.cancelled}, 0)::int`;

const summaryColumns = {
  id: users.id,
  username: users.username,
  discordId: users.discordId,
  email: users.email,
  emailVerified: users.emailVerified,
  role: users.role,
  balanceCents: users.balanceCents,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  orderCount,
};
export type UserSummaryRow = {
  id: string;
  username: string;
  discordId: string;
  email: string | null;
  emailVerified: boolean;
  role: 'user' | 'admin';
  balanceCents: number;
  disabledAt: Date | null;
  createdAt: Date;
  orderCount: number;
};

/** The list's order, `users_created_idx` read backwards. */
const newestFirst = [desc(users.createdAt), desc(users.id)];

/** From this offset on, an unsearched page finds its keys first (decision 226). */
export const KEYS_FIRST_FROM_OFFSET = 100;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/**
 * The Discord name, name and e-mail in one text, so a search tests each account once. A newline parts them:
 * the search box is one line, so a match never runs from one into the next. `users_search_trgm_idx`
 * (migration 0022) is a trigram index on exactly this expression: a search reads the accounts whose
 * text holds the search's trigrams, not every account (decision 231).
 */
const searchText = sql`(${users.discordId} || chr(10) || ${users.username} || chr(10) || coalesce(${users.email}, ''))`;
const matching = (search: string) =>
  search ? sql`${searchText} ILIKE ${`%${escapeLike(search)}%`}` : undefined;

/**
 * A page of accounts, newest first (`users_created_idx`). Without a search the page reads the index in
 * order and the total is a separate count; a search reads the accounts that match once, for both the
 * page and the total (a window count).
 */
export async function listUserSummaries(
  db: DbOrTx,
  options: { search: string; offset: number; limit: number },
): Promise<{ rows: UserSummaryRow[]; total: number }> {
  const where = matching(options.search);
  const countAll = async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  const pageOf = <T extends PgSelect>(query: T) =>
    query
      .where(where)
      .orderBy(...newestFirst)
      .limit(options.limit)
      .offset(options.offset);
  if (!where) {
    const summaries = db
      .select(summaryColumns)
      .from(users)
      .leftJoin(orderStats, eq(orderStats.userId, users.id));
    // Past the first pages, the page's keys come from the index alone and then their rows: a deep page
    // skips index entries, not accounts and their order counts (as order pages do, decision 210).
    const page =
      options.offset < KEYS_FIRST_FROM_OFFSET
        ? pageOf(summaries.$dynamic())
        : summaries
            .where(inArray(users.id, pageOf(db.select({ id: users.id }).from(users).$dynamic())))
            .orderBy(...newestFirst);
    const [rows, total] = await Promise.all([page, countAll()]);
    return { rows: rows as UserSummaryRow[], total };
  }
  const rows = await pageOf(
    db
      .select({ ...summaryColumns, total: sql<number>`(count(*) OVER ())::int` })
      .from(users)
      .leftJoin(orderStats, eq(orderStats.userId, users.id))
      .$dynamic(),
  );
  // A page past the last match has no row to carry the total. The rows keep their copy of it rather
  // than being copied without it (decision 221); the summary view lists its fields.
  const total = rows[0]?.total ?? (options.offset > 0 ? await countAll() : 0);
  return { rows: rows as UserSummaryRow[], total };
}

export async function findUserSummary(db: DbOrTx, id: string): Promise<UserSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(orderStats, eq(orderStats.userId, users.id))
    .where(eq(users.id, id));
  return row as UserSummaryRow | undefined;
}

export async function countLiveSessions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return row?.n ?? 0;
}

const staff = alias(users, 'staff');
export async function listLedgerEntries(
  db: DbOrTx,
  options: { userId: string; offset: number; limit: number },
) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      balanceAfterCents: ledgerEntries.balanceAfterCents,
      note: ledgerEntries.note,
      createdAt: ledgerEntries.createdAt,
      byId: staff.id,
      byDiscordId: staff.discordId,
    })
    .from(ledgerEntries)
    .leftJoin(staff, eq(staff.id, ledgerEntries.createdBy))
    .where(eq(ledgerEntries.userId, options.userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, options.userId));
  return { rows, total: totals?.n ?? 0 };
}
export type LedgerRow = Awaited<ReturnType<typeof listLedgerEntries>>['rows'][number];

export async function setDisabledAt(db: DbOrTx, userId: string, disabledAt: Date | null) {
  const [row] = await db
    .update(users)
    .set({ disabledAt, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row;
}

export async function setRole(db: DbOrTx, userId: string, role: 'user' | 'admin') {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row;
}

/** Locks the staff accounts (in a fixed order) so "the last admin" checks cannot race each other. */
export async function lockActiveAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.disabledAt} is null`))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}
