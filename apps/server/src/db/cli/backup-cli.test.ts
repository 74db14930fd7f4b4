import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabaseUrl,
  createTestApp,
  ENGINES,
  signUp,
  type TestApp,
} from '../../../test/helper.ts';
import { runCli } from '../../../test/run-cli.ts';
import { createOrder, fund, labelTypeIds, orderBody, resellerOf } from '../../../test/order-fixtures.ts';
import { createDatabase } from '../client.ts';
import { ledgerEntries, orders, users } from '../schema.ts';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-backup-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** Runs `npm run backup -- FILE` / `npm run restore -- FILE` as an operator would (the same script). */
const cli = (env: Record<string, string>, command: 'backup' | 'restore', file: string) =>
  runCli('backup.ts', [command, file], env);

/** Everything money and orders: every ledger entry, every balance, every order, in a stable order. */
async function moneyOf(app: TestApp) {
  const { db } = app.database;
  return {
    ledger: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
    balances: await db
      .select({ id: users.id, balanceCents: users.balanceCents })
      .from(users)
      .orderBy(asc(users.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
  };
}

describe.each(ENGINES)('npm run backup and npm run restore on %s', (engine) => {
  const dataDir = path.join(workDir, engine);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const open = async () =>
    createTestApp({
      database: await createDatabase({ url: env.DATABASE_URL, dataDir, poolSize: 2 }),
    });

  /** A reseller with $100 who buys two labels: deposits, charges and orders to get back. */
  const placeOrders = async (app: TestApp, headers: Record<string, string>) => {
    const reseller = await resellerOf(app, headers);
    await fund(app.database.db, reseller.id, 10_000);
    const types = await labelTypeIds(app, headers);
    for (const toName of ['Rita Receiver', 'Omar Okafor']) {
      const res = await createOrder(app, headers, orderBody(types.ground_oz!, { ToName: toName }));
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  };

  it('brings back the ledger, balances and orders exactly as they were at the backup', async () => {
    if (engine === 'postgres') env.DATABASE_URL = await createPostgresDatabaseUrl('backup');
    const file = path.join(workDir, `${engine}.backup`);

    let app = await open();
    const first = await signUp(app);
    await placeOrders(app, first.headers);
    const atBackup = await moneyOf(app);
    expect(atBackup.ledger).toHaveLength(3);

    if (engine === 'pglite') {
      // The running server owns the embedded database: a backup now is refused, naming it.
      const refused = await cli(env, 'backup', file);
      expect(refused.code).toBe(3);
      expect(refused.out).toContain(`is in use by another process (pid ${process.pid})`);
      await app.close();
    }
    // On PostgreSQL the backup runs beside the open app (pg_dump reads one snapshot).
    const backedUp = await cli(env, 'backup', file);
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(backedUp.out).toContain(`to ${file}`);
    if (engine === 'postgres') await app.close();
    expect((await cli(env, 'backup', file)).out).toContain('already exists; choose a new file name');

    // After the backup: another reseller signs up and both buy more.
    app = await open();
    await placeOrders(app, first.headers);
    await placeOrders(app, (await signUp(app)).headers);
    expect((await moneyOf(app)).ledger).toHaveLength(9);
    if (engine === 'postgres') {
      const refused = await cli(env, 'restore', file);
      expect(refused.code).toBe(3);
      expect(refused.out).toMatch(/connection\(s\) of running LabelPort instances are open/);
    }
    await app.close();

    // A backup of the other engine is named as such and changes nothing.
    const otherKind = path.join(workDir, `${engine}.other`);
    fs.writeFileSync(otherKind, engine === 'pglite' ? 'PGDMP\u0001\u000e' : Buffer.from([0x1f, 0x8b, 8, 0]));
    const wrong = await cli(env, 'restore', otherKind);
    expect(wrong.code).toBe(3);
    expect(wrong.out).toMatch(/is not a (PostgreSQL backup|backup of the embedded database)/);

    const restored = await cli(env, 'restore', file);
    expect(restored.code, restored.out).toBe(0);
    app = await open();
    try {
      expect(await moneyOf(app)).toEqual(atBackup);
    } finally {
      await app.close();
    }
  }, 180_000);
});
