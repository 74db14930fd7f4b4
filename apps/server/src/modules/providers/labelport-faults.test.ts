import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelPurchases, orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { signUpReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import { purchaseFaults, startFaultProxy, type FaultProxy } from '../../../test/fault-proxy.ts';
import {
  balanceCents,
  createOrder,
  fund,
  ledgerOf,
  orderBody,
  waitFor,
} from '../../../test/order-fixtures.ts';
import {
  startDownstreamPortal,
  startUpstreamPortal,
  type DownstreamPortal,
  type UpstreamPortal,
} from '../../../test/two-portals.ts';

const ORDERS = Number(process.env.FAULT_ORDERS ?? 200);
/** B's reseller account holds enough for this many labels: the rest are refused for lack of balance. */
const AFFORDABLE = Math.round(ORDERS * 0.85);
const TIMEOUT_SECONDS = 2;

/**
 * Exactly once through faults (issue 35): portal A buys 200 labels on portal B, both on PostgreSQL,
 * through a proxy that loses answers after B acted, holds them past A's timeout, turns them into 500s,
 * and rate-limits. Every order of A ends with exactly one label bought on B, or cancelled and refunded;
 * B's ledger and A's prove it.
 */
describe('labelport provider through injected faults, on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let portalA: DownstreamPortal;
  let portalB: UpstreamPortal;
  let proxy: FaultProxy;
  let onB: ApiReseller;

  beforeAll(async () => {
    portalB = await startUpstreamPortal({ engine: 'postgres', poolSize: 20, balanceCents: 0 });
    ({ app: b, account: onB } = portalB);
    proxy = await startFaultProxy(portalB.url, purchaseFaults(), { slowMs: TIMEOUT_SECONDS * 1000 + 500 });
    portalA = await startDownstreamPortal({
      engine: 'postgres',
      poolSize: 20,
      // The test places its orders before A's workers start.
      workers: false,
      env: {
        PROVIDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
        PROVIDER_LABEL_WAIT_SECONDS: '3',
        PROVIDER_COOLDOWN_SECONDS: '1',
        LABEL_RETRY_LIMIT: '20',
        LABEL_RETRY_DELAY_SECONDS: '1',
      },
    });
    a = portalA.app;
  }, 120_000);
  afterAll(async () => {
    await portalA.close();
    await proxy.close();
    await portalB.close();
  });

  /** How many of the reseller's orders stand where, and why, for a failure's message. */
  async function summary(userId: string) {
    const rows = await a.ctx.db.select().from(orders).where(eq(orders.userId, userId));
    const purchases = await a.ctx.db.select().from(labelPurchases);
    const count = (keys: string[]) =>
      keys.reduce<Record<string, number>>((acc, key) => ({ ...acc, [key]: (acc[key] ?? 0) + 1 }), {});
    return {
      orders: count(rows.map((o) => `${o.status}: ${o.failureReason ?? ''}`.slice(0, 120))),
      purchases: count(purchases.map((p) => `${p.state} x${p.tries}: ${p.error ?? ''}`.slice(0, 120))),
      faults: proxy.counts,
    };
  }

  it('ends every order with one label bought on B, or cancelled and refunded', async () => {
    // The role change reaches the identity cache through PostgreSQL's notifications, a moment later.
    await waitFor(
      () => portalA.admin('GET', '/providers'),
      (res) => res.statusCode === 200,
    );
    const provider = await portalA.addUpstream({ apiKey: onB.apiKey, baseUrl: proxy.url });
    await portalA.route('ground_oz', [provider._id]);
    const groundOz = await portalA.labelTypeId('ground_oz');

    // The orders are placed before A's workers start, so B's balance can be set from their price.
    const reseller = await signUpReseller(a, 2_000_00);
    for (let placed = 0; placed < ORDERS; placed += 10) {
      const res = await createOrder(a, reseller.headers, orderBody(groundOz, { quantity: 10 }));
      expect(res.statusCode, res.body).toBe(201);
    }
    // Every order is charged when placed.
    const placed = await a.ctx.db.select().from(orders).where(eq(orders.userId, reseller.id));
    expect(placed).toHaveLength(ORDERS);
    const unitCents = placed[0]!.priceCents;
    await fund(b.ctx.db, onB.id, unitCents * AFFORDABLE);
    const charged = await balanceCents(a.ctx.db, reseller.id);

    await startWorkers(a.ctx);
    const ended = await waitFor(
      () => a.ctx.db.select().from(orders).where(eq(orders.userId, reseller.id)),
      (rows) => rows.every((o) => o.status === 'completed' || o.status === 'cancelled'),
      300_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message.slice(0, 40)}: ${JSON.stringify(await summary(reseller.id))}`);
    });

    // Every fault was met.
    for (const fault of ['drop-after-answer', 'slow', '500-after', '429'] as const)
      expect(proxy.counts[fault], fault).toBeGreaterThan(0);

    // B sold exactly the labels A kept, one for each, and charged for each once.
    const completed = ended.filter((o) => o.status === 'completed');
    const cancelled = ended.filter((o) => o.status === 'cancelled');
    expect(completed).toHaveLength(AFFORDABLE);
    const onBOrders = await b.ctx.db.select().from(orders).where(eq(orders.userId, onB.id));
    expect(onBOrders.every((o) => o.status === 'completed')).toBe(true);
    expect(onBOrders.map((o) => o.tracking).sort()).toEqual(completed.map((o) => o.tracking).sort());
    const bLedger = await ledgerOf(b.ctx.db, onB.id);
    expect(bLedger.entries.filter((e) => e.kind === 'order_charge')).toHaveLength(AFFORDABLE);
    expect(await balanceCents(b.ctx.db, onB.id)).toBe(0);

    // A charged once per order and refunded each cancelled one once, with a plain reason.
    expect(cancelled).toHaveLength(ORDERS - AFFORDABLE);
    for (const order of cancelled) {
      // The reseller reads a plain reason; B's words are kept for staff (decision 314).
      expect(order.failureReason).toBe('We could not buy this label; you were refunded');
      expect(order.providerNote).toMatch(/^Portal B: .*balance/i);
    }
    const aLedger = await ledgerOf(a.ctx.db, reseller.id);
    const refunds = aLedger.entries.filter((e) => e.kind !== 'order_charge' && e.kind !== 'deposit');
    expect(refunds).toHaveLength(ORDERS - AFFORDABLE);
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(charged + unitCents * (ORDERS - AFFORDABLE));
    expect(aLedger.sum).toBe(await balanceCents(a.ctx.db, reseller.id));

    // Each completed order has one bought purchase whose cost is B's price.
    const bought = await a.ctx.db
      .select()
      .from(labelPurchases)
      .where(
        inArray(
          labelPurchases.orderId,
          completed.map((o) => o.id),
        ),
      );
    expect(bought.filter((p) => p.state === 'bought')).toHaveLength(AFFORDABLE);
    expect(completed.every((o) => o.costCents === unitCents)).toBe(true);
  }, 400_000);
});
