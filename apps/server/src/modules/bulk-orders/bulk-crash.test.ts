import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { bulkOrderRows, ledgerEntries, orders, users } from '../../db/schema.ts';
import { excelCsv, sheetRow } from '../../../test/fixtures/csv-files.ts';
import { fund, waitFor } from '../../../test/order-fixtures.ts';
import {
  createDatabaseIn,
  payCsvOver,
  signUpOver,
  startServer,
  type ServerProcess,
} from '../../../test/server-process.ts';

const ROWS = 2000;
/** Every 40th recipient is rejected by the (test-mode) carrier: 50 rows must end cancelled and refunded. */
const isRejected = (i: number) => i % 40 === 7;
const SERVER_ENV = {
  LABEL_TEST_REJECT_MARKER: 'REJECT',
  LABEL_RETRY_DELAY_SECONDS: '0',
  // The labels the killed process was making are presumed dead after 4 s and run again.
  LABEL_JOB_TIMEOUT_SECONDS: '4',
};

describe('bulk order crash safety (real PostgreSQL, real server process)', () => {
  const servers: ServerProcess[] = [];
  let database: Database | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    await database?.close();
  });

  it('finishes a 2,000-row bulk order after SIGKILL mid-way: one final state per row, charged once, refunds only for failed rows, no stuck job', async () => {
    const url = await createDatabaseIn(inject('postgresUrl'), 'crash');
    const first = await startServer(url, SERVER_ENV);
    servers.push(first);
    database = await createDatabase({ url, dataDir: '', poolSize: 2 });
    const db = database.db;
    const reseller = await signUpOver(first.baseUrl);
    const funded = 100_000_00;
    await fund(db, reseller.id, funded);

    const rows = Array.from({ length: ROWS }, (_, i) =>
      isRejected(i) ? { ...sheetRow(i), ToName: `REJECT Row ${i}` } : sheetRow(i),
    );
    const csv = excelCsv(rows);
    const types = (await (
      await fetch(`${first.baseUrl}/api/v1/labeltype/read`, { headers: reseller.headers })
    ).json()) as { labelTypes: { _id: string; uid: string }[] };
    const groundOz = types.labelTypes.find((t) => t.uid === 'ground_oz')!._id;
    const { bulkId, totalPrice } = await payCsvOver(first.baseUrl, reseller.headers, {
      labelTypeId: groundOz,
      csv,
    });

    const finalCount = async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(sql`${orders.batchId} = ${bulkId} and ${orders.status} in ('completed', 'cancelled')`);
      return row!.n;
    };
    await waitFor(finalCount, (n) => n >= ROWS / 5, 60_000);
    await first.kill('SIGKILL');
    const atKill = await finalCount();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ROWS);

    const second = await startServer(url, SERVER_ENV);
    servers.push(second);
    await waitFor(finalCount, (n) => n === ROWS, 90_000);
    // A tracking poll waits for each completed label by design (its first look is minutes away); any
    // other job still open is stuck.
    const openJobs = () =>
      database!.executeSql(
        `select name, state::text, count(*)::int as n from pgboss.job
         where state in ('created', 'retry', 'active') and name <> 'tracking-poll' group by 1, 2`,
      );
    const stuck = await waitFor(openJobs, (r) => r.rows.length === 0, 20_000);
    expect(stuck.rows).toEqual([]);

    // Every row is exactly one order, in exactly one final state.
    const lines = await db
      .select({
        row: bulkOrderRows.rowNumber,
        id: orders.id,
        status: orders.status,
        toName: orders.toName,
        price: orders.priceCents,
        tracking: orders.tracking,
        file: orders.labelFileId,
      })
      .from(bulkOrderRows)
      .innerJoin(orders, eq(orders.id, bulkOrderRows.orderId))
      .where(eq(bulkOrderRows.bulkOrderId, bulkId));
    expect(lines).toHaveLength(ROWS);
    expect(new Set(lines.map((l) => l.row)).size).toBe(ROWS);
    const cancelled = lines.filter((l) => l.status === 'cancelled');
    const completed = lines.filter((l) => l.status === 'completed');
    expect(cancelled.length + completed.length).toBe(ROWS);
    expect(cancelled.every((l) => l.toName.startsWith('REJECT'))).toBe(true);
    expect(cancelled).toHaveLength(rows.filter((_, i) => isRejected(i)).length);
    expect(completed.every((l) => l.tracking && l.file)).toBe(true);
    expect(new Set(completed.map((l) => l.tracking)).size).toBe(completed.length);
    // Every completed label is followed, once, also those completed just before the kill: each order is
    // named by one waiting first look, whether a look of its own or one of its batch (decision 347).
    // Those the killed process committed but never told tracking of are delivered by the second's start
    // (decision 338), after its commit, so they are waited for.
    const waitingLooks = async () =>
      (
        await database!.executeSql(
          `select count(*)::int as n, count(distinct order_id)::int as orders
           from pgboss.job,
             jsonb_array_elements_text(coalesce(data->'orderIds', jsonb_build_array(data->'orderId'))) as order_id
           where name = 'tracking-poll' and state = 'created'`,
        )
      ).rows[0] as { n: number; orders: number };
    const polls = await waitFor(waitingLooks, (p) => p.n >= completed.length, 10_000).catch(waitingLooks);
    expect(polls).toEqual({ n: completed.length, orders: completed.length });

    // Charged once for the whole bulk order, refunded once per cancelled row, nothing else.
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, reseller.id));
    const totalCents = Math.round(totalPrice * 100);
    expect(entries.filter((e) => e.kind === 'order_charge').map((e) => [e.sourceKey, e.amountCents])).toEqual(
      [[`charge:bulk:${bulkId}`, -totalCents]],
    );
    const refunds = entries.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.sourceKey).sort()).toEqual(
      cancelled.map((l) => `refund:order:${l.id}`).sort(),
    );
    expect(refunds.reduce((s, e) => s + e.amountCents, 0)).toBe(cancelled.reduce((s, l) => s + l.price, 0));
    const [user] = await db
      .select({ balance: users.balanceCents })
      .from(users)
      .where(eq(users.id, reseller.id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(user!.balance);
    expect(user!.balance).toBe(funded - completed.reduce((s, l) => s + l.price, 0));

    const list = (await (
      await fetch(`${second.baseUrl}/api/v1/order/read-bulk-orders`, { headers: reseller.headers })
    ).json()) as { orders: { status: string; progress: { done: number } }[] };
    expect(list.orders[0]).toMatchObject({ status: 'Completed', progress: { done: ROWS } });
  }, 180_000);
});
