import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { seedLabelTypes } from '../../db/seed.ts';
import { LABEL_QUEUE, startWorkers } from '../../jobs/index.ts';
import { createProviderRegistry, createTestModeProvider, type LabelProvider } from '../../labels/index.ts';
import {
  balanceCents,
  createOrder,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitFor,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { testConfig } from '../../../test/config.ts';

/** The test-mode provider, slowed down so that a restart lands in the middle of the queue. */
const slowProvider = (ms: number): LabelProvider => {
  const real = createTestModeProvider();
  return {
    name: 'slow',
    purchase: async (shipment, options) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return real.purchase(shipment, options);
    },
  };
};

describe('label jobs across a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const start = async (): Promise<{ app: App; database: Database }> => {
    const database = await createDatabase({ dataDir });
    await database.migrate();
    await seedLabelTypes(database.db);
    const config = testConfig({
      LABEL_WORKERS: '1',
      // Three batches of two: the stop lands between batches.
      LABEL_BATCH_SIZE: '2',
    });
    const app = await buildApp({ config, database });
    app.ctx.labels = createProviderRegistry([slowProvider(250)], { default: 'slow' });
    return { app, database };
  };

  it('finishes the queued labels after the app stops mid-queue and starts again', async () => {
    const first = await start();
    const reseller = await signUpReseller(first.app, 100_00);
    const ids = await labelTypeIds(first.app, reseller.headers);
    await startWorkers(first.app.ctx);
    const res = await createOrder(first.app, reseller.headers, orderBody(ids.ground_oz!, { quantity: 6 }));
    expect(res.statusCode).toBe(201);
    const statuses = (db: Database) =>
      db.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, reseller.id));
    await waitFor(
      () => statuses(first.database),
      (rows) => rows.some((r) => r.status === 'completed'),
    );
    await first.app.close();
    await first.database.close();
    const stoppedAt = await (async () => {
      const db = await createDatabase({ dataDir });
      const rows = await statuses(db);
      await db.close();
      return rows.filter((r) => r.status === 'completed').length;
    })();
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(6);

    const second = await start();
    await startWorkers(second.app.ctx);
    const rows = await waitFor(
      () => statuses(second.database),
      (r) => r.every((o) => o.status === 'completed'),
    );
    expect(rows).toHaveLength(6);
    expect(await balanceCents(second.database.db, reseller.id)).toBe(100_00 - 6 * 275);
    const ledger = await ledgerOf(second.database.db, reseller.id);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toEqual([]);
    expect(ledger.sum).toBe(100_00 - 6 * 275);
    await second.app.close();
    await second.database.close();
  });

  it('resumes labels left running by a crash at once, not after the 120 s job timeout', async () => {
    const first = await start();
    const reseller = await signUpReseller(first.app, 100_00);
    const ids = await labelTypeIds(first.app, reseller.headers);
    const res = await createOrder(first.app, reseller.headers, orderBody(ids.ground_oz!, { quantity: 3 }));
    expect(res.statusCode).toBe(201);
    // The process dies while a worker holds the jobs: they stay marked active in the database.
    const held = await first.database.executeSql(
      `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = '${LABEL_QUEUE}' AND state = 'created' RETURNING id`,
    );
    expect(held.rows).toHaveLength(3);
    await first.app.close();
    await first.database.close();

    const second = await start();
    await startWorkers(second.app.ctx);
    const statuses = () =>
      second.database.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, reseller.id));
    const rows = await waitFor(statuses, (r) => r.every((o) => o.status === 'completed'), 20_000);
    expect(rows).toHaveLength(3);
    expect(await balanceCents(second.database.db, reseller.id)).toBe(100_00 - 3 * 275);
    await second.app.close();
    await second.database.close();
  });
});
