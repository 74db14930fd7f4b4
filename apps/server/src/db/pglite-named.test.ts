import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, planCounts, signUp, type TestApp } from '../../test/helper.ts';
import { keepNamed } from './client.ts';

/**
 * Named statements on the embedded engine (decision 229): the hot reads are parsed once and their plans
 * kept, as on a pooled PostgreSQL connection, and they read exactly what an unnamed statement reads.
 */
describe('named statements on pglite', () => {
  let app: TestApp;
  const textOf = (statement: SQL) => new PgDialect({ casing: 'snake_case' }).sqlToQuery(statement).sql;
  const rowsOf = async (statement: SQL, db = app.database.db) =>
    ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

  const prepared = (name: string) => planCounts(app.database, name);

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_PAGE_MEMORY_ROWS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps a page of the order history parsed, and its generic plan once it serves', async () => {
    const { headers } = await signUp(app);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers });
      expect(res.statusCode).toBe(200);
    }
    const page = await prepared('order-page-first-all-des');
    expect(page).toBeDefined();
    expect(page!.generic + page!.custom).toBe(10);
    expect(page!.generic).toBeGreaterThanOrEqual(5);
  });

  it('reads every type as an unnamed statement does', async () => {
    const statement = sql`SELECT ${'2026-11-24T10:00:00.123Z'}::timestamptz AS at, ${'12.50'}::numeric(10, 2) AS price,
      ${'{"a":[1,2]}'}::jsonb AS doc, ${'{"2026-01-02"}'}::date[] AS days, ${'9007199254740991'}::int8 AS big,
      ${true}::bool AS yes, ${null}::text AS nothing, ${'{"x","y z"}'}::text[] AS words, ${'1 day'}::interval AS span`;
    const unnamed = await rowsOf(statement);
    keepNamed(app.database.db, textOf(statement), 'types-probe');
    const named = await rowsOf(statement);
    expect(await prepared('types-probe')).toBeDefined();
    expect(named).toEqual(unnamed);
    expect(named[0]).toMatchObject({
      at: '2026-11-24 10:00:00.123+00',
      yes: true,
      nothing: null,
      words: ['x', 'y z'],
    });
  });

  it('leaves the engine as it was after a named statement fails', async () => {
    const probe = (value: string) => sql`SELECT ${value}::int AS n`;
    keepNamed(app.database.db, textOf(probe('1')), 'failing-probe');
    await expect(rowsOf(probe('not a number'))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/invalid input syntax/) },
    });
    expect(await rowsOf(probe('7'))).toEqual([{ n: 7 }]);
    expect(await prepared('failing-probe')).toBeDefined();
    // Inside a transaction the same text runs unnamed.
    await app.database.db.transaction(async (tx) => {
      expect(await rowsOf(probe('8'), tx as unknown as typeof app.database.db)).toEqual([{ n: 8 }]);
    });
  });
});
