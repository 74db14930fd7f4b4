import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createAddress, MAX_ADDRESSES } from './addresses.service.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const home = { name: 'Jane Doe', street: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' };

// Saves on separate connections: real PostgreSQL, as PGlite has one connection.
describe('the address book cap under concurrent saves on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 20 });
    // Every pooled connection open beforehand, so the saves below really run side by side.
    await Promise.all(Array.from({ length: 20 }, () => app.ctx.db.execute(sql`select pg_sleep(0.05)`)));
  });
  afterAll(() => app.close());

  it(`saves at most ${MAX_ADDRESSES} addresses when the last free places are taken at once`, async () => {
    const alice = await signUpReseller(app);
    const room = 3;
    await app.ctx.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES - room }, (_, i) => ({
        ...home,
        name: `Saved ${i}`,
        userId: alice.id,
      })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        createAddress(app.ctx, {
          userId: alice.id,
          address: { ...home, street2: '', company: '', country: 'US', name: `At once ${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(room);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason.message).toBe(
        `You can save at most ${MAX_ADDRESSES} addresses`,
      );
    const saved = await app.ctx.db.select().from(addresses).where(eq(addresses.userId, alice.id));
    expect(saved).toHaveLength(MAX_ADDRESSES);
  });
});
