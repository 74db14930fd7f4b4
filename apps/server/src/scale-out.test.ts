import { and, eq, sql } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './db/client.ts';
import { bulkOrderRows, files, ledgerEntries, orders, users } from './db/schema.ts';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from './modules/login-throttle/login-throttle.service.ts';
import { excelCsv, sheetRows } from '../test/fixtures/csv-files.ts';
import { fund, waitFor } from '../test/order-fixtures.ts';
import {
  createDatabaseIn,
  payCsvOver,
  signUpOver,
  startServer,
  type ServerProcess,
} from '../test/server-process.ts';

const ROWS = 500;
const RATE_LIMIT = 40;
const METRICS_TOKEN = 'scale-out-metrics-token';
const SERVER_ENV = {
  METRICS_TOKEN,
  RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
  // Clients below are told apart by X-Forwarded-For, so each check has its own rate-limit budget.
  TRUST_PROXY: '1',
  LABEL_RENDER_THREADS: '1',
  LABEL_BATCH_SIZE: '10',
  LABEL_RETRY_DELAY_SECONDS: '0',
  // Label jobs are held with a lease each instance renews (decision 274); the job timeout keeps its default
  // (120 s), so only the lease can hand a killed instance's jobs to the other soon. 3 s keeps the test short.
  LABEL_JOB_LEASE_SECONDS: '3',
};

/**
 * Two server processes on one PostgreSQL (decision 195): a sign-in, a bulk order's label jobs, the login
 * throttle and the rate limits are shared, and one instance dying mid-job leaves the other to finish.
 */
describe('scale-out: two server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;

  beforeAll(async () => {
    const url = await createDatabaseIn(inject('postgresUrl'), 'scale');
    // One at a time: the first migrates the empty database, the second finds it ready.
    a = await startServer(url, SERVER_ENV);
    b = await startServer(url, SERVER_ENV);
    database = await createDatabase({ url, dataDir: '', poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.close();
  });

  const get = (server: ServerProcess, url: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${url}`, { headers });
  let scrapes = 0;
  /** Labels this process's workers made, from its /metrics (each scrape from its own address, so polling spends no test's rate-limit budget). */
  const labelsMadeBy = async (server: ServerProcess) => {
    scrapes += 1;
    const headers = {
      authorization: `Bearer ${METRICS_TOKEN}`,
      'x-forwarded-for': `10.0.${scrapes >> 8}.${scrapes & 255}`,
    };
    const text = await (await get(server, '/metrics', headers)).text();
    return Number(/labels_finished_total\{outcome="completed"\} (\d+)/.exec(text)?.[1] ?? 0);
  };

  it('signs in on one instance and reads on the other; a sign-out on one is soon refused on the other', async () => {
    const reseller = await signUpOver(a.baseUrl);
    const onB = await get(b, '/api/v1/auth/access', reseller.headers);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { _id: string })._id).toBe(reseller.id);

    const out = await fetch(`${a.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: reseller.headers });
    expect(out.status).toBeLessThan(300);
    // B remembered the session (decision 222); it forgets it when the database's NOTIFY reaches it.
    const onBAfter = await waitFor(
      () => get(b, '/api/v1/auth/access', reseller.headers),
      (res) => res.status === 401,
      2_000,
    );
    expect(onBAfter.status).toBe(401);
  });

  /** Buys a bulk order of `rows` ground labels on `server`; its id and total in cents. */
  const buyBulkOrder = async (server: ServerProcess, rows: number) => {
    const reseller = await signUpOver(server.baseUrl);
    const funded = 10_000_00;
    await fund(database.db, reseller.id, funded);
    const types = (await (await get(server, '/api/v1/labeltype/read', reseller.headers)).json()) as {
      labelTypes: { _id: string; uid: string }[];
    };
    const groundOz = types.labelTypes.find((t) => t.uid === 'ground_oz')!._id;
    const csv = excelCsv(sheetRows(rows));
    const { bulkId, totalPrice } = await payCsvOver(server.baseUrl, reseller.headers, {
      labelTypeId: groundOz,
      csv,
    });
    return { bulkId, userId: reseller.id, funded, totalCents: Math.round(totalPrice * 100) };
  };

  const completedCount = async (bulkId: string) => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.batchId} = ${bulkId} and ${orders.status} = 'completed'`);
    return row!.n;
  };

  /** Every row one completed order with its own label file and tracking; one charge, no refunds. */
  const expectEveryLabelMadeOnce = async (order: Awaited<ReturnType<typeof buyBulkOrder>>, rows: number) => {
    const lines = await database.db
      .select({
        row: bulkOrderRows.rowNumber,
        status: orders.status,
        tracking: orders.tracking,
        file: orders.labelFileId,
      })
      .from(bulkOrderRows)
      .innerJoin(orders, eq(orders.id, bulkOrderRows.orderId))
      .where(eq(bulkOrderRows.bulkOrderId, order.bulkId));
    expect(lines).toHaveLength(rows);
    expect(new Set(lines.map((l) => l.row)).size).toBe(rows);
    expect(lines.every((l) => l.status === 'completed' && l.tracking && l.file)).toBe(true);
    expect(new Set(lines.map((l) => l.tracking)).size).toBe(rows);
    expect(new Set(lines.map((l) => l.file)).size).toBe(rows);
    // No label drawn twice: the reseller's label PDFs are exactly the orders' files.
    const [labelFiles] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(and(eq(files.userId, order.userId), eq(files.contentType, 'application/pdf')));
    expect(labelFiles!.n).toBe(rows);

    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, order.userId));
    expect(entries.filter((e) => e.kind === 'order_charge').map((e) => e.amountCents)).toEqual([
      -order.totalCents,
    ]);
    expect(entries.filter((e) => e.kind === 'refund')).toEqual([]);
    const [user] = await database.db
      .select({ balance: users.balanceCents })
      .from(users)
      .where(eq(users.id, order.userId));
    expect(user!.balance).toBe(order.funded - order.totalCents);
  };

  it(`makes every label of a ${ROWS}-row bulk order exactly once with both instances' workers`, async () => {
    const before = [await labelsMadeBy(a), await labelsMadeBy(b)];
    const order = await buyBulkOrder(a, ROWS);
    await waitFor(
      () => completedCount(order.bulkId),
      (n) => n === ROWS,
      60_000,
    );
    await expectEveryLabelMadeOnce(order, ROWS);
    // Each process counts its labels just after its commit returns, which a reader of the table may see first.
    const made = async () => [(await labelsMadeBy(a)) - before[0]!, (await labelsMadeBy(b)) - before[1]!];
    const [byA, byB] = await waitFor(made, ([x, y]) => x! + y! >= ROWS, 5_000);
    expect(byA! + byB!).toBe(ROWS);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
  }, 90_000);

  it('throttles wrong passwords split across the instances at the same total as on one', async () => {
    const reseller = await signUpOver(a.baseUrl);
    const [user] = await database.db
      .select({ discordId: users.discordId })
      .from(users)
      .where(eq(users.id, reseller.id));
    const discordId = user!.discordId;
    const client = { 'x-forwarded-for': '198.51.100.7' };
    const wrongPassword = async (server: ServerProcess) => {
      const challenge = (await (await get(server, '/api/v1/auth/captcha', client)).json()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const res = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { ...client, 'content-type': 'application/json' },
        body: JSON.stringify({ discordId, password: 'not the password', captchaToken }),
      });
      return res.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_ACCOUNT_AND_IP; i++)
      statuses.push(await wrongPassword(i % 2 ? b : a));
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES_PER_ACCOUNT_AND_IP).fill(400), 429]);
  });

  it('answers 429 to requests split across the instances at the same total as on one', async () => {
    const client = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const res = await get(i % 2 ? b : a, '/api/v1/labeltype/read', client);
      statuses.push(res.status);
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses[RATE_LIMIT]).toBe(429);
    // Each instance's answer counts the other's requests too.
    expect(remaining.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => String(RATE_LIMIT - n)));
  });

  it('finishes a bulk order on the other instance when one is killed mid-job', async () => {
    const rows = 300;
    const aBefore = await labelsMadeBy(a);
    // B is paused while A takes the order, so A is surely mid-job when it is killed: with both working,
    // B alone could finish a few hundred labels before A's next poll, and A would never hold any.
    b.child.kill('SIGSTOP');
    try {
      const order = await buyBulkOrder(a, rows);
      await waitFor(
        () => labelsMadeBy(a),
        (n) => n >= aBefore + 20,
        30_000,
      );
      // Killed while its workers are busy with this order: the batches it holds are orphaned.
      await a.kill('SIGKILL');
      const killedAt = Date.now();
      const held = await database.executeSql(
        `select id from pgboss.job where name = 'label-generate' and state = 'active'`,
      );
      expect(held.rows.length).toBeGreaterThan(0);
      expect(await completedCount(order.bulkId)).toBeLessThan(rows);
      b.child.kill('SIGCONT');
      // The other instance hands the killed one's jobs back to the queue once their lease lapses (it then
      // works them among the order's other jobs): none is still held by the dead instance 20 s on.
      await waitFor(
        () =>
          database.executeSql(
            `select count(*)::int as n from pgboss.job
             where id = any($1::uuid[]) and state = 'active' and started_on < $2`,
            [held.rows.map((r) => r.id), new Date(killedAt)],
          ),
        (r) => r.rows[0]!.n === 0,
        20_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      await waitFor(
        () => completedCount(order.bulkId),
        (n) => n === rows,
        90_000,
      );
      await expectEveryLabelMadeOnce(order, rows);
    } finally {
      b.child.kill('SIGCONT');
    }
    const open = await waitFor(
      () =>
        database.executeSql(
          `select state::text from pgboss.job where name = 'label-generate' and state in ('created', 'retry', 'active')`,
        ),
      (r) => r.rows.length === 0,
      15_000,
    );
    expect(open.rows).toEqual([]);
  }, 180_000);
});
