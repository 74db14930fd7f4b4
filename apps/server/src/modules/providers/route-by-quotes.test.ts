import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER_REASONS } from '../../labels/providers/reseller-reasons.ts';
import { labelPurchases, ledgerEntries, orders } from '../../db/schema.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { adminCall, apiCall } from '../../../test/api-fixtures.ts';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import {
  balanceCents,
  endedOrder,
  labelTypeIds,
  ledgerOf,
  orderBody,
  placeOrder,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import {
  startDownstreamPortal,
  startUpstreamPortal,
  type DownstreamPortal,
  type UpstreamPortal,
} from '../../../test/two-portals.ts';

/** The fields of the staff order view these tests read. */
type StaffOrder = {
  _id: string;
  status: string;
  price: number;
  cost: number | null;
  failureReason: string | null;
  provider: { name: string } | null;
  quotes: { provider: string; amount: number | null; ms: number; chosen: boolean; error?: string }[];
  orderedRouteCost: number | null;
};

/** Twenty destinations, two a ZIP's first digit: the EasyPost fake's rates go up with it. */
const DESTINATIONS = [
  ['02116', 'Boston', 'MA'],
  ['06103', 'Hartford', 'CT'],
  ['10001', 'New York', 'NY'],
  ['19103', 'Philadelphia', 'PA'],
  ['20001', 'Washington', 'DC'],
  ['27601', 'Raleigh', 'NC'],
  ['30303', 'Atlanta', 'GA'],
  ['33130', 'Miami', 'FL'],
  ['40202', 'Louisville', 'KY'],
  ['48226', 'Detroit', 'MI'],
  ['55401', 'Minneapolis', 'MN'],
  ['53202', 'Milwaukee', 'WI'],
  ['60601', 'Chicago', 'IL'],
  ['63101', 'Saint Louis', 'MO'],
  ['75201', 'Dallas', 'TX'],
  ['70112', 'New Orleans', 'LA'],
  ['80202', 'Denver', 'CO'],
  ['85004', 'Phoenix', 'AZ'],
  ['94103', 'San Francisco', 'CA'],
  ['98101', 'Seattle', 'WA'],
] as const;

/** EasyPost's Priority rate to a ZIP, in cents: $3.05 plus 75 cents a zone (the ZIP's first digit). */
const easypostCents = (zip: string) => 305 + 75 * Number(zip[0]);
/** Portal B sells A Priority by its own tiers: $6.00 to 5 lb, $7.00 to 10 lb; portal C at 20% off $6.50/$9.50. */
const portalBCents = (lb: number) => (lb <= 5 ? 600 : 700);
const portalCCents = (lb: number) => (lb <= 5 ? 520 : 760);
/** What A's reseller pays for Priority: $6.50 to 5 lb, $9.50 to 10 lb. */
const priceCents = (lb: number) => (lb <= 5 ? 650 : 950);

/** A portal that takes every call and never answers a quote: a provider slower than the deadline. */
async function startSilentPortal(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url?.endsWith('/order/quote')) return; // never answered
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Routing by live quotes (issue 47, decision 332): portal A buys Priority from two upstream LabelPorts
 * with different prices and an EasyPost whose rates depend on the destination ZIP, each order from the
 * provider that quoted lowest; a provider that does not quote in time is skipped; a margin floor
 * refuses what would be sold below it, and the reseller gets exactly that back.
 */
describe('routing by live quotes', () => {
  let a: DownstreamPortal;
  let b: UpstreamPortal;
  let c: UpstreamPortal;
  let easypost: EasyPostFake;
  let priority: string;
  const ids = { b: '', c: '', easypost: '' };

  const setRoute = (body: object) => a.admin('PUT', `/label-types/${priority}/route`, body);
  const route = (mode: string, extra: object = {}) => ({
    route: [
      { providerId: ids.b, service: 'priority' },
      { providerId: ids.easypost, service: 'USPS:Priority' },
      { providerId: ids.c, service: 'priority' },
    ],
    mode,
    ...extra,
  });
  const order = (reseller: Reseller, [zip, city, state]: readonly string[], lb: number) =>
    placeOrder(
      a.app,
      reseller.headers,
      orderBody(priority, {
        Weight: lb,
        design: 'pitney',
        ToStreet: '100 Main St',
        ToStreet2: '',
        ToCity: city,
        ToState: state,
        ToZip: zip,
        acceptAddressWarnings: true,
      }),
    );
  const ended = (id: string) => endedOrder<StaffOrder>(a.app, a.staff.headers, id, 90_000);

  /** Upstream portal `portal` sells Priority to A's account there at its own prices. */
  async function priceUpstream(portal: UpstreamPortal, prices: object) {
    const staff = await signUpStaff(portal.app);
    const typeId = (await labelTypeIds(portal.app, portal.account.headers)).priority!;
    const res = await adminCall(
      portal.app,
      staff.headers,
      'PUT',
      `/users/${portal.account.id}/prices/${typeId}`,
      prices,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    [b, c, easypost] = await Promise.all([
      startUpstreamPortal({ balanceCents: 500_00 }),
      startUpstreamPortal({ balanceCents: 500_00 }),
      startEasyPostFake(),
    ]);
    easypost.priceByDestination((service, zip) =>
      service === 'USPS:Priority' ? easypostCents(zip) / 100 : undefined,
    );
    await priceUpstream(b, {
      tiers: [
        { fromWeight: 0, toWeight: 1, price: 5 },
        { fromWeight: 1, toWeight: 5, price: 6 },
        { fromWeight: 5, toWeight: 10, price: 7 },
        { fromWeight: 10, toWeight: 20, price: 12 },
        { fromWeight: 20, toWeight: 40, price: 17 },
        { fromWeight: 40, toWeight: 70, price: 24 },
      ],
    });
    await priceUpstream(c, { percent: -20 });
    a = await startDownstreamPortal({ env: { PROVIDER_QUOTE_DEADLINE_MS: '10000' } });
    priority = await a.labelTypeId('priority');
    ids.b = (await a.addUpstream({ apiKey: b.account.apiKey, baseUrl: b.url }, 'Portal B'))._id;
    ids.c = (await a.addUpstream({ apiKey: c.account.apiKey, baseUrl: c.url }, 'Portal C'))._id;
    const added = await a.admin('POST', '/providers', {
      kind: 'easypost',
      name: 'EasyPost',
      credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
    });
    expect(added.statusCode, added.body).toBe(201);
    ids.easypost = added.json().provider._id;
  }, 240_000);

  afterAll(async () => {
    await a?.close();
    await Promise.all([b?.close(), c?.close(), easypost?.close()]);
  });

  it('quotes an order on our own API v2 without buying or charging it', async () => {
    const before = await balanceCents(b.app.ctx.db, b.account.id);
    const body = orderBody('priority', { Weight: 7, design: 'pitney' });
    const quoted = await apiCall(b.app, b.account.apiKey, 'POST', '/order/quote', body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual({
      price: 7,
      labelType: { _id: expect.any(String), name: 'USPS Priority Mail', uid: 'priority' },
    });
    const two = await apiCall(b.app, b.account.apiKey, 'POST', '/order/quote', { ...body, quantity: 2 });
    expect(two.json().price).toBe(14);
    // The same refusal create-order gives, for a weight the type does not sell.
    const heavy = await apiCall(b.app, b.account.apiKey, 'POST', '/order/quote', { ...body, Weight: 71 });
    expect(heavy.statusCode).toBe(400);
    expect(await balanceCents(b.app.ctx.db, b.account.id)).toBe(before);
    expect(await b.app.ctx.db.select().from(orders).where(eq(orders.userId, b.account.id))).toEqual([]);
  });

  it('saves the route mode and margin floor as the contract says, and shows them on the label type', async () => {
    const missing = await setRoute(route('cheapest-within'));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Say within how many cents of the first provider');
    const saved = await setRoute(route('cheapest-within', { withinCents: 25, minMarginPercent: 5 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      mode: 'cheapest-within',
      withinCents: 25,
      minMarginCents: null,
      minMarginPercent: 5,
    });
    const types = (await a.admin('GET', '/label-types')).json().labelTypes as { _id: string }[];
    expect(types.find((t) => t._id === priority)).toMatchObject({
      mode: 'cheapest-within',
      withinCents: 25,
      minMarginPercent: 5,
      route: [{ providerName: 'Portal B' }, { providerName: 'EasyPost' }, { providerName: 'Portal C' }],
    });
  });

  it('buys each of 20 orders from the provider that quoted lowest for its destination and weight', async () => {
    expect((await setRoute(route('cheapest'))).statusCode).toBe(200);
    const reseller = await signUpReseller(a.app, 300_00);
    const placed: { id: string; zip: string; lb: number }[] = [];
    for (const [i, destination] of DESTINATIONS.entries()) {
      const lb = i % 2 === 0 ? 3 : 7;
      placed.push({ id: await order(reseller, destination, lb), zip: destination[0], lb });
    }
    const winners = new Set<string>();
    let saved = 0;
    for (const { id, zip, lb } of placed) {
      const ended = await endedOrderOf(id);
      // Route order B, EasyPost, C; no two quotes are equal here.
      const quotes = {
        'Portal B': portalBCents(lb),
        EasyPost: easypostCents(zip),
        'Portal C': portalCCents(lb),
      };
      const [cheapest, cents] = Object.entries(quotes).sort((x, y) => x[1] - y[1])[0]!;
      expect({ zip, lb, status: ended.status, provider: ended.provider?.name }).toEqual({
        zip,
        lb,
        status: 'completed',
        provider: cheapest,
      });
      expect(ended.cost).toBe(cents / 100);
      expect(ended.quotes.map((q) => [q.provider, q.amount, q.chosen])).toEqual(
        Object.entries(quotes).map(([name, amount]) => [name, amount / 100, name === cheapest]),
      );
      expect(ended.orderedRouteCost).toBe(portalBCents(lb) / 100);
      winners.add(cheapest);
      saved += portalBCents(lb) - cents;
    }
    // Every provider wins somewhere: the route is not one provider in disguise.
    expect([...winners].sort()).toEqual(['EasyPost', 'Portal B', 'Portal C']);

    // EasyPost: one shipment per order, made by its quote, and the quoted rate is the one bought.
    expect(easypost.shipments.size).toBe(20);
    const bought = await a.app.ctx.db
      .select()
      .from(labelPurchases)
      .where(and(eq(labelPurchases.providerId, ids.easypost), eq(labelPurchases.state, 'bought')));
    expect(bought.length).toBe([...placed].filter((p) => portalOf(p) === 'EasyPost').length);
    for (const purchase of bought) {
      const shipment = easypost.shipments.get(purchase.upstreamId!)!;
      expect((shipment.selected_rate as { id: string }).id).toBe(purchase.quotedRateId);
    }

    // Overview: margin per provider and what routing saved against the ordered route (B first).
    const margins = (await a.admin('GET', '/margins?days=1')).json();
    expect(margins.savedByRouting).toBeCloseTo(saved / 100, 2);
    expect(margins.byProvider.map((p: { name: string }) => p.name).sort()).toEqual([
      'EasyPost',
      'Portal B',
      'Portal C',
    ]);
  }, 240_000);

  it('buys from the next cheapest when the cheapest says a definite no at purchase', async () => {
    expect((await setRoute(route('cheapest'))).statusCode).toBe(200);
    easypost.failNextBuy({ kind: 'reject', reason: 'funds' });
    const reseller = await signUpReseller(a.app, 20_00);
    const ended = await endedOrderOf(await order(reseller, DESTINATIONS[0]!, 3));
    expect(ended).toMatchObject({ status: 'completed', provider: { name: 'Portal C' }, cost: 5.2 });
    expect(ended.quotes.map((q) => [q.provider, q.amount, q.chosen])).toEqual([
      ['Portal B', 6, false],
      ['EasyPost', 3.05, false],
      ['Portal C', 5.2, true],
    ]);
    const [refused] = await a.app.ctx.db
      .select()
      .from(labelPurchases)
      .where(and(eq(labelPurchases.orderId, ended._id), eq(labelPurchases.providerId, ids.easypost)));
    expect(refused).toMatchObject({ state: 'rejected' });
  }, 120_000);

  it('skips a provider that does not quote within the deadline and buys from one that did', async () => {
    const silent = await startSilentPortal();
    const deadline = a.app.ctx.config.providers.quoteDeadlineMs;
    a.app.ctx.config.providers.quoteDeadlineMs = 1000;
    try {
      const slow = await a.addUpstream({ apiKey: 'lp_silent-portal-key', baseUrl: silent.url }, 'Silent');
      const routed = await setRoute({
        route: [
          { providerId: slow._id, service: 'priority' },
          { providerId: ids.easypost, service: 'USPS:Priority' },
        ],
        mode: 'cheapest',
      });
      expect(routed.statusCode, routed.body).toBe(200);
      const reseller = await signUpReseller(a.app, 20_00);
      const ended = await endedOrderOf(await order(reseller, DESTINATIONS[0]!, 3));
      expect(ended).toMatchObject({ status: 'completed', provider: { name: 'EasyPost' } });
      const [skipped, quoted] = ended.quotes;
      expect(skipped).toMatchObject({ provider: 'Silent', amount: null, chosen: false });
      expect(skipped!.error).toBe('Silent did not quote within 1000 ms');
      expect(skipped!.ms).toBeGreaterThanOrEqual(1000);
      expect(quoted).toMatchObject({
        provider: 'EasyPost',
        amount: easypostCents('02116') / 100,
        chosen: true,
      });
    } finally {
      a.app.ctx.config.providers.quoteDeadlineMs = deadline;
      await silent.close();
    }
  }, 120_000);

  it('buys in route order when no provider quotes in time and no margin floor is set', async () => {
    expect((await setRoute(route('cheapest'))).statusCode).toBe(200);
    const deadline = a.app.ctx.config.providers.quoteDeadlineMs;
    // No answer over HTTP comes within a millisecond: every quote is late.
    a.app.ctx.config.providers.quoteDeadlineMs = 1;
    try {
      const reseller = await signUpReseller(a.app, 20_00);
      const ended = await endedOrderOf(await order(reseller, DESTINATIONS[0]!, 3));
      expect(ended).toMatchObject({ status: 'completed', provider: { name: 'Portal B' }, cost: 6 });
      expect(ended.quotes.map((q) => [q.provider, q.amount, q.chosen, q.error])).toEqual([
        ['Portal B', null, false, 'Portal B did not quote within 1 ms'],
        ['EasyPost', null, false, 'EasyPost did not quote within 1 ms'],
        ['Portal C', null, false, 'Portal C did not quote within 1 ms'],
      ]);
      expect(ended.orderedRouteCost).toBeNull();
    } finally {
      a.app.ctx.config.providers.quoteDeadlineMs = deadline;
    }
  }, 120_000);

  it('refuses below the margin floor: cancelled and refunded exactly once, with our plain reason', async () => {
    // $6.50 at 3 lb, less a $2.00 floor: only a quote of $4.50 or less is bought (EasyPost to zones 0 and 1).
    expect((await setRoute(route('cheapest', { minMarginCents: 200 }))).statusCode).toBe(200);
    const reseller = await signUpReseller(a.app, 100_00);
    const zips = [0, 2, 4, 8, 14, 18].map((i) => DESTINATIONS[i]!);
    const placed = [];
    for (const destination of zips) placed.push(await order(reseller, destination, 3));
    const ended = await Promise.all(placed.map(endedOrderOf));
    expect(ended.map((o) => [o.status, o.provider?.name ?? null])).toEqual([
      ['completed', 'EasyPost'],
      ['completed', 'EasyPost'],
      ['cancelled', null],
      ['cancelled', null],
      ['cancelled', null],
      ['cancelled', null],
    ]);
    for (const refused of ended.filter((o) => o.status === 'cancelled')) {
      expect(refused.failureReason).toMatch(
        /^Below the margin floor: the lowest quote \$\d+\.\d\d is above \$4\.50/,
      );
      expect(refused.quotes.every((q) => !q.chosen)).toBe(true);
      // The reseller's reason is ours, in plain words; the figures stay with staff (decision 314).
      const [row] = await a.app.ctx.db.select().from(orders).where(eq(orders.id, refused._id));
      expect(row!.failureReason).toBe(RESELLER_REASONS.belowMargin);
      const credits = await a.app.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, reseller.id), eq(ledgerEntries.kind, 'refund')));
      expect(credits.filter((e) => e.sourceKey === `refund:order:${refused._id}`)).toHaveLength(1);
    }
    const { entries, sum } = await ledgerOf(a.app.ctx.db, reseller.id);
    const balance = await balanceCents(a.app.ctx.db, reseller.id);
    expect(balance).toBe(sum);
    expect(balance).toBe(100_00 - 2 * priceCents(3));
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(4);

    // Staff count them: the report by provider, and its CSV for the books.
    const today = new Date().toISOString().slice(0, 10);
    const report = await a.admin('GET', `/reports/margins?from=${today}&to=${today}&groupBy=provider`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.refusedBelowMargin).toBe(4);
    // Every order of this file was today, and all are Priority: one row by day, one by label type.
    for (const groupBy of ['day', 'labelType'] as const) {
      const grouped = (
        await a.admin('GET', `/reports/margins?from=${today}&to=${today}&groupBy=${groupBy}`)
      ).json();
      expect(grouped.rows).toHaveLength(1);
      expect(grouped.rows[0]).toMatchObject({
        key: groupBy === 'day' ? today : priority,
        ...report.json().totals,
      });
    }
    const csv = await a.admin('GET', `/reports/margins.csv?from=${today}&to=${today}&groupBy=provider`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Provider,Labels,Revenue,Cost,Margin,Below cost,Saved by routing,Refused below margin',
    );
    expect(lines.find((l) => l.startsWith('Not bought,'))).toMatch(/,4$/);
    expect(lines.at(-1)).toMatch(/^Total,\d+,/);
  }, 240_000);

  it('compares what an insured label costs in full: the rate and the insurance fee the provider bills', async () => {
    // A insures Priority at 50 cents per started $100 (minimum $1): $500 declared costs the reseller
    // $2.50, so 3 lb to Boston costs $9.00 and a $2.00 floor lets a label cost us $7.00 at most.
    // B insures at 10 cents per $100 (minimum $1): its quote is $6.00 + $1.00. EasyPost bills 1% of the
    // declared value (minimum $1): $3.05 + $5.00. By the rate alone EasyPost looked cheapest and kept
    // the floor; in full, B is the one under it.
    const insure = (portal: { app: DownstreamPortal['app'] }, per100: number | null) =>
      portal.app.ctx.db.execute(
        sql`UPDATE label_types SET insurance_per100_cents = ${per100} WHERE uid = 'priority'`,
      );
    await Promise.all([insure(a, 50), insure(b, 10)]);
    try {
      const floor = { minMarginCents: 200 };
      const both = await setRoute({
        route: [
          { providerId: ids.b, service: 'priority' },
          { providerId: ids.easypost, service: 'USPS:Priority' },
        ],
        mode: 'cheapest',
        ...floor,
      });
      expect(both.statusCode, both.body).toBe(200);
      const reseller = await signUpReseller(a.app, 50_00);
      const insured = (destination: readonly string[]) =>
        placeOrder(
          a.app,
          reseller.headers,
          orderBody(priority, {
            Weight: 3,
            design: 'pitney',
            insuredValue: 500,
            ToStreet: '100 Main St',
            ToStreet2: '',
            ToCity: destination[1],
            ToState: destination[2],
            ToZip: destination[0],
            acceptAddressWarnings: true,
          }),
        );
      const bought = await endedOrderOf(await insured(DESTINATIONS[0]!));
      expect(bought).toMatchObject({
        status: 'completed',
        price: 9,
        provider: { name: 'Portal B' },
        cost: 7,
      });
      expect(bought.quotes.map((q) => [q.provider, q.amount, q.chosen])).toEqual([
        ['Portal B', 7, true],
        ['EasyPost', 8.05, false],
      ]);

      // EasyPost alone: its rate ($3.05) is under the $7.00, its full cost ($8.05) is not.
      const alone = await setRoute({
        route: [{ providerId: ids.easypost, service: 'USPS:Priority' }],
        mode: 'ordered',
        ...floor,
      });
      expect(alone.statusCode, alone.body).toBe(200);
      const refused = await endedOrderOf(await insured(DESTINATIONS[0]!));
      expect(refused).toMatchObject({ status: 'cancelled', provider: null });
      expect(refused.failureReason).toBe(
        'Below the margin floor: the lowest quote $8.05 is above $7.00 (the price $9.00 minus the floor)',
      );
      expect(await balanceCents(a.app.ctx.db, reseller.id)).toBe(50_00 - 9_00);
    } finally {
      await Promise.all([insure(a, 100), insure(b, 100)]);
    }
  }, 120_000);

  const endedOrderOf = (id: string) => ended(id);
  const portalOf = ({ zip, lb }: { zip: string; lb: number }) =>
    Object.entries({
      'Portal B': portalBCents(lb),
      EasyPost: easypostCents(zip),
      'Portal C': portalCCents(lb),
    }).sort((x, y) => x[1] - y[1])[0]![0];
});
