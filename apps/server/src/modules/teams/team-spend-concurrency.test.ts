import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { appCall } from '../../../test/api-fixtures.ts';
import {
  balanceCents,
  createOrder,
  fund,
  labelTypeIds,
  ledgerOf,
  orderBody,
} from '../../../test/order-fixtures.ts';
import { addMember, type Member } from '../../../test/team-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('two shippers buying at once against one balance on postgres', () => {
  let app: TestApp;
  let groundOz: string;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 40 });
  });
  afterAll(async () => app.close());

  async function teamOfTwo(balance: number, limitDollars: number) {
    const owner = await signUpReseller(app);
    groundOz ??= (await labelTypeIds(app, owner.headers)).ground_oz!;
    await fund(app.database.db, owner.id, balance);
    const shippers: Member[] = [];
    for (let i = 0; i < 2; i++) {
      const shipper = await addMember(app, owner, 'shipper');
      const set = await appCall(app, owner.headers, 'PATCH', `/team/members/${shipper.id}`, {
        dailyLimit: limitDollars,
      });
      expect(set.statusCode, set.body).toBe(200);
      shippers.push(shipper);
    }
    return { owner, shippers };
  }

  const buyAtOnce = (shippers: Member[], each: number) =>
    Promise.all(
      shippers.flatMap((shipper, s) =>
        Array.from({ length: each }, (_, i) =>
          createOrder(app, shipper.headers, orderBody(groundOz, { ToName: `Buyer ${s}-${i}` })).then(
            (res) => ({ shipper: shipper.id, status: res.statusCode, message: res.json().message as string }),
          ),
        ),
      ),
    );

  const chargedOf = async (memberId: string) =>
    (
      await app.database.db
        .select({ amount: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.kind, 'order_charge')))
    ).reduce((sum, row) => sum - row.amount, 0);

  it('holds each limit exactly when the balance covers both', async () => {
    const { owner, shippers } = await teamOfTwo(100_00, 13.75);
    const results = await buyAtOnce(shippers, 15);
    for (const shipper of shippers) {
      const mine = results.filter((r) => r.shipper === shipper.id);
      expect(mine.filter((r) => r.status === 201)).toHaveLength(5);
      expect(mine.filter((r) => r.status === 402).map((r) => r.message)).toEqual(
        Array(10).fill('Your daily limit is $13.75 and $0.00 is left today: this purchase costs $2.75.'),
      );
      expect(await chargedOf(shipper.id)).toBe(13_75);
    }
    expect(await balanceCents(app.database.db, owner.id)).toBe(100_00 - 2 * 13_75);
  });

  it('never takes the balance below zero, and holds each limit, when the balance runs out first', async () => {
    const { owner, shippers } = await teamOfTwo(8 * 275, 13.75);
    const results = await buyAtOnce(shippers, 15);
    expect(results.filter((r) => r.status === 201)).toHaveLength(8);
    for (const shipper of shippers) expect(await chargedOf(shipper.id)).toBeLessThanOrEqual(13_75);
    expect(await balanceCents(app.database.db, owner.id)).toBe(0);
    const ledger = await ledgerOf(app.database.db, owner.id);
    expect(ledger.sum).toBe(0);
    expect(ledger.entries.every((e) => e.balanceAfterCents >= 0)).toBe(true);
    for (const refused of results.filter((r) => r.status === 402)) {
      expect(refused.message).toMatch(
        /^(Insufficient balance: this order costs \$2\.75|Your daily limit is \$13\.75)/,
      );
    }
  });
});
