import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationHandlers } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { createTestApp, ENGINES, signUp, type TestApp } from '../../../test/helper.ts';
import { resellerOf, waitFor } from '../../../test/order-fixtures.ts';
import { apiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { createIdentityCache, REMEMBER_MS, type Credential } from './identity-cache.ts';
import { enrolTwoFactor } from '../../../test/two-factor-fixtures.ts';

const alice = (sessionId = 's1', expiresAt: Date | null = null): Credential => ({
  sessionId,
  user: { id: 'alice', role: 'user', memberId: 'alice', teamRole: 'owner', teamRequiresTwoFactor: false },
  expiresAt,
});

/** A cache on a stand-in database whose notifications the test sends, and a clock it moves. */
async function cacheWithHandles() {
  let handlers: NotificationHandlers | undefined;
  let stopped = false;
  const clock = { now: 1_000_000 };
  const cache = await createIdentityCache(
    {
      listen: async (_channel, h) => {
        handlers = h;
        h.onLive(true);
        return async () => {
          stopped = true;
        };
      },
    },
    () => clock.now,
  );
  let loads = 0;
  const load =
    (credential: Credential | null = alice()) =>
    async () => {
      loads += 1;
      return credential;
    };
  return { cache, handlers: handlers!, clock, load, loads: () => loads, stopped: () => stopped };
}

describe('the identity cache', () => {
  it('asks the database once per credential, and again once REMEMBER_MS have passed', async () => {
    const { cache, clock, load, loads } = await cacheWithHandles();
    expect(await cache.get('session a', load())).toEqual(alice());
    expect(await cache.get('session a', load())).toEqual(alice());
    expect(loads()).toBe(1);
    clock.now += REMEMBER_MS - 1;
    await cache.get('session a', load());
    expect(loads()).toBe(1);
    clock.now += 1;
    await cache.get('session a', load());
    expect(loads()).toBe(2);
  });

  it('asks again once a session has expired, however recently it was read', async () => {
    const { cache, clock, load, loads } = await cacheWithHandles();
    const credential = alice('s1', new Date(clock.now + 1_000));
    await cache.get('session a', load(credential));
    clock.now += 999;
    await cache.get('session a', load(credential));
    expect(loads()).toBe(1);
    clock.now += 1;
    expect(await cache.get('session a', load(null))).toBeNull();
    expect(loads()).toBe(2);
  });

  it('never remembers an unknown credential', async () => {
    const { cache, load, loads } = await cacheWithHandles();
    await cache.get('session x', load(null));
    await cache.get('session x', load(null));
    expect(loads()).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("forgets every credential of a user whose id is notified, and no one else's", async () => {
    const { cache, handlers, load, loads } = await cacheWithHandles();
    const bob: Credential = {
      sessionId: 's9',
      user: { id: 'bob', role: 'user', memberId: 'bob', teamRole: 'owner', teamRequiresTwoFactor: false },
      expiresAt: null,
    };
    await cache.get('session a', load());
    await cache.get('key a', load());
    await cache.get('session b', load(bob));
    handlers.onPayload('alice');
    expect(cache.size()).toBe(1);
    await cache.get('session b', load(bob));
    await cache.get('key a', load());
    expect(loads()).toBe(4);
  });

  it('does not keep an answer read while a notification arrived: it may predate the change', async () => {
    const { cache, handlers, loads } = await cacheWithHandles();
    await cache.get('session a', async () => {
      handlers.onPayload('someone');
      return alice();
    });
    expect(cache.size()).toBe(0);
    await cache.get('session a', async () => alice());
    expect(cache.size()).toBe(1);
    expect(loads()).toBe(0);
  });

  it('remembers nothing while it cannot hear notifications, and forgets all it knew', async () => {
    const { cache, handlers, load, loads, stopped } = await cacheWithHandles();
    await cache.get('session a', load());
    handlers.onLive(false);
    expect(cache.size()).toBe(0);
    await cache.get('session a', load());
    await cache.get('session a', load());
    expect(loads()).toBe(3);
    handlers.onLive(true);
    await cache.get('session a', load());
    await cache.get('session a', load());
    expect(loads()).toBe(4);
    await cache.stop();
    expect(stopped()).toBe(true);
  });
});

describe.each(ENGINES)('remembered sign-ins on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine });
  });
  afterAll(async () => {
    await app?.close();
  });

  const access = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/access', headers });
  /** Until the change is heard: at once on the embedded database, by NOTIFY on PostgreSQL. */
  const statusSoon = (read: () => Promise<{ statusCode: number }>, status: number) =>
    waitFor(
      async () => (await read()).statusCode,
      (code) => code === status,
      2_000,
    );
  const remembered = () => app.ctx.identities.size();

  it('remembers a session after its first request and refuses it once it is deleted anywhere', async () => {
    const { headers } = await signUp(app);
    const before = remembered();
    expect((await access(headers)).statusCode).toBe(200);
    expect(remembered()).toBe(before + 1);
    const { id } = await resellerOf(app, headers);
    expect(remembered()).toBe(before + 1);
    // Deleted the way another instance's sign-out, a password change or the housekeeping job does.
    await app.database.executeSql('DELETE FROM sessions WHERE user_id = $1', [id]);
    expect(await statusSoon(() => access(headers), 401)).toBe(401);
  });

  it('refuses a signed-out token at once on the instance that signed it out', async () => {
    const { headers } = await signUp(app);
    expect((await access(headers)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect((await access(headers)).statusCode).toBe(401);
  });

  it("refuses a disabled reseller's remembered session and API key", async () => {
    const reseller = await apiReseller(app);
    expect((await access(reseller.headers)).statusCode).toBe(200);
    expect((await apiCall(app, reseller.apiKey, 'GET', '/order/read-orders')).statusCode).toBe(200);
    await app.database.executeSql('UPDATE users SET disabled_at = now() WHERE id = $1', [reseller.id]);
    expect(await statusSoon(() => access(reseller.headers), 401)).toBe(401);
    const key = await apiCall(app, reseller.apiKey, 'GET', '/order/read-orders');
    expect(key.statusCode).toBe(401);
    expect(key.json()).toEqual({ message: 'This account is disabled' });
  });

  it('refuses an old API key that was remembered, once a new one is issued', async () => {
    const reseller = await apiReseller(app);
    expect((await apiCall(app, reseller.apiKey, 'GET', '/order/read-orders')).statusCode).toBe(200);
    await app.database.executeSql("UPDATE users SET api_key_hash = 'replaced' WHERE id = $1", [reseller.id]);
    const old = await statusSoon(() => apiCall(app, reseller.apiKey, 'GET', '/order/read-orders'), 401);
    expect(old).toBe(401);
  });

  it('takes the console away from a remembered staff session whose role is taken away', async () => {
    const { headers } = await signUp(app);
    const { id } = await resellerOf(app, headers);
    await app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    await enrolTwoFactor(app, headers);
    const console = () => app.inject({ method: 'GET', url: '/api/v1/admin/users', headers });
    expect(await statusSoon(console, 200)).toBe(200);
    await app.database.executeSql("UPDATE users SET role = 'user' WHERE id = $1", [id]);
    expect(await statusSoon(console, 403)).toBe(403);
  });

  it('refuses a remembered session whose expiry is moved into the past', async () => {
    const { headers } = await signUp(app);
    const { id } = await resellerOf(app, headers);
    expect((await access(headers)).statusCode).toBe(200);
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, id));
    expect(await statusSoon(() => access(headers), 401)).toBe(401);
  });

  it('keeps remembering a session while its balance changes (orders do not forget sign-ins)', async () => {
    const { headers } = await signUp(app);
    const { id } = await resellerOf(app, headers);
    expect((await access(headers)).statusCode).toBe(200);
    const count = remembered();
    await app.database.executeSql('UPDATE users SET balance_cents = balance_cents + 500 WHERE id = $1', [id]);
    await access(headers);
    expect(remembered()).toBe(count);
    expect((await access(headers)).json()).toMatchObject({ balance: 5 });
  });
});

describe('remembered sign-ins when the listening connection is lost (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('forgets everything and remembers nothing until it listens again', async () => {
    const { headers } = await signUp(app);
    const { id } = await resellerOf(app, headers);
    const access = () => app.inject({ method: 'GET', url: '/api/v1/auth/access', headers });
    expect(app.ctx.identities.size()).toBeGreaterThan(0);

    await app.database.executeSql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    await waitFor(
      async () => app.ctx.identities.size(),
      (size) => size === 0,
      2_000,
    );
    // Until it listens again (a second later), what it reads it does not keep.
    expect((await access()).statusCode).toBe(200);
    expect(app.ctx.identities.size()).toBe(0);

    // Listening again (within about a second), it remembers sign-ins again.
    const size = await waitFor(
      async () => {
        await access();
        return app.ctx.identities.size();
      },
      (n) => n > 0,
      5_000,
    );
    expect(size).toBeGreaterThan(0);
    await app.database.executeSql('DELETE FROM sessions WHERE user_id = $1', [id]);
    expect((await waitFor(access, (r) => r.statusCode === 401, 2_000)).statusCode).toBe(401);
  });
});
