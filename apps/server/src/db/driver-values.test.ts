import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase } from '../../test/helper.ts';
import type { Database } from './client.ts';
import { orderDayCounts, users } from './schema.ts';

const INSTANT = '2026-03-04T05:06:07.089Z';

/**
 * The values a statement reads are the same on both engines, through drizzle and through our own
 * statements (pg-boss's among them). On PGlite the client reads timestamps as text for drizzle and our
 * own statements get them back as dates (decision 228).
 */
describe.each(ENGINES)('values read on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.migrate();
  });
  afterAll(async () => database?.close());

  it('gives our own statements dates for timestamps, with or without values', async () => {
    const text = `SELECT '${INSTANT}'::timestamptz AS at, '2026-03-04 05:06:07.089'::timestamp AS local,
      ARRAY['${INSTANT}'::timestamptz, NULL] AS ats, NULL::timestamptz AS never, 1.5::numeric AS n`;
    const plain = (await database.executeSql(text)).rows[0]!;
    const withValues = (await database.executeSql(`${text}, $1::int AS one`, [1])).rows[0]!;
    for (const row of [plain, withValues]) {
      expect(row.at).toEqual(new Date(INSTANT));
      expect(row.local).toBeInstanceOf(Date);
      expect(row.ats).toEqual([new Date(INSTANT), null]);
      expect(row.never).toBeNull();
    }
    expect(withValues.one).toBe(1);
  });

  it('gives drizzle dates for timestamp columns and text for date columns, in and out of transactions', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        username: 'Values',
        discordId: `values_${engine}`,
        email: `values_${engine}@example.com`,
        passwordHash: 'not-a-hash',
        apiKeyHash: `values-key-${engine}`,
        apiKeyCipher: 'unused',
        createdAt: new Date(INSTANT),
        updatedAt: new Date(INSTANT),
      })
      .returning();
    expect(user!.createdAt).toEqual(new Date(INSTANT));
    await database.db.transaction(async (tx) => {
      await tx.insert(orderDayCounts).values({ userId: user!.id, day: '2026-03-04', pending: 2 });
      const [count] = await tx
        .select()
        .from(orderDayCounts)
        .where(sql`${orderDayCounts.userId} = ${user!.id}`);
      expect(count).toMatchObject({ day: '2026-03-04', pending: 2 });
    });
    const [read] = await database.db
      .select({
        createdAt: users.createdAt,
        later: sql<Date>`${users.createdAt} + interval '1 day'`.mapWith(users.createdAt),
      })
      .from(users)
      .where(sql`${users.id} = ${user!.id}`);
    expect(read).toEqual({ createdAt: new Date(INSTANT), later: new Date(Date.parse(INSTANT) + 86_400_000) });
  });
});
