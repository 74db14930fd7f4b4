import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { ledgerEntries, orders, users } from '../src/db/schema.ts';
import { sumEntries } from '../src/modules/ledger/ledger.repository.ts';
import { postLedgerEntry } from '../src/modules/ledger/ledger.service.ts';
import { adminCall } from './api-fixtures.ts';

export { adminCall };

/** Test helpers for order flows: a funded reseller, a valid order body, balances in cents. */
export type Reseller = { id: string; headers: Record<string, string> };

export async function resellerOf(app: App, headers: Record<string, string>): Promise<Reseller> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers });
  return { id: res.json()._id as string, headers };
}

export async function fund(db: Db, userId: string, cents: number): Promise<void> {
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      userId,
      kind: 'deposit',
      amountCents: cents,
      sourceKey: `test:fund:${crypto.randomUUID()}`,
    }),
  );
}

export async function balanceCents(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ b: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row!.b;
}

export async function ledgerOf(db: Db, userId: string) {
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return { entries, sum: await sumEntries(db, userId) };
}

export async function labelTypeIds(
  app: App,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/labeltype/read', headers });
  return Object.fromEntries(
    (res.json().labelTypes as { uid: string; _id: string }[]).map((t) => [t.uid, t._id]),
  );
}

/** A valid ground_oz order (unit price $2.75 at 3 oz) unless changed. */
export const orderBody = (labelType: string, change: Record<string, unknown> = {}) => ({
  labelType,
  quantity: 1,
  signature: false,
  Weight: 3,
  FromName: 'Sam Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  FromCountry: 'US',
  ToName: 'Rita Receiver',
  ToStreet: '200 Boylston St',
  ToStreet2: 'Apt 5',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
  ToCountry: 'US',
  ...change,
});

export const createOrder = (app: App, headers: Record<string, string>, body: object) =>
  app.inject({ method: 'POST', url: '/api/v1/order/create', headers, payload: body });

/** Places one order and returns its id; the test fails unless the app takes it. */
export async function placeOrder(app: App, headers: Record<string, string>, body: object): Promise<string> {
  const res = await createOrder(app, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orders[0]._id as string;
}

/** Polls until `isDone` holds (label jobs run in the background). */
export async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Places an order (of one or more labels) and reads each back, as its owner does, once it is completed. */
export async function completedOrders<T extends { status: string }>(
  app: App,
  headers: Record<string, string>,
  body: object,
  ms = 20_000,
): Promise<T[]> {
  const res = await createOrder(app, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  const ids = (res.json().orders as { _id: string }[]).map((o) => o._id);
  return Promise.all(
    ids.map((id) =>
      waitFor(
        async () =>
          (await app.inject({ method: 'GET', url: `/api/v1/order/read/${id}`, headers })).json().order as T,
        (order) => order.status === 'completed',
        ms,
      ),
    ),
  );
}

/** The staff view of an order once its label job has ended (completed or cancelled). */
export const endedOrder = <T extends { status: string }>(
  app: App,
  staffHeaders: Record<string, string>,
  id: string,
  ms = 20_000,
): Promise<T> =>
  waitFor(
    async () => (await adminCall(app, staffHeaders, 'GET', `/orders/${id}`)).json().order as T,
    (order) => order.status === 'completed' || order.status === 'cancelled',
    ms,
  );

/** Waits until no label is being drawn, so closing the app never pulls the database from a job. */
export const waitForLabelJobs = (app: App) =>
  waitFor(
    () =>
      app.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ['pending', 'processing'])),
    (open) => open.length === 0,
  );
