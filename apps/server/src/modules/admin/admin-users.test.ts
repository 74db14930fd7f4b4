import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, users } from '../../db/schema.ts';
import { createTestApp, signUp, solveCaptcha, type TestApp } from '../../../test/helper.ts';
import { CLI_ACTOR } from '../audit/audit.service.ts';
import { KEYS_FIRST_FROM_OFFSET } from './admin-users.repository.ts';
import { setUserRole } from './set-user-role.ts';
import { signUpStaff, type Staff } from '../../../test/account-fixtures.ts';
import { adminCall } from '../../../test/api-fixtures.ts';

type Headers = Record<string, string>;

describe('staff API /api/v1/admin', () => {
  let app: TestApp;
  let staff: Staff;
  let reseller: Awaited<ReturnType<typeof signUp>> & { id: string };

  const idOf = async (headers: Headers) =>
    ((await app.inject({ url: '/api/v1/auth/access', headers })).json() as { _id: string })._id;
  const call = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: object) =>
    adminCall(app, headers, method, url, payload);
  const ledgerOf = (userId: string) =>
    app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const auditOf = (userId: string) => app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, userId));
  const balanceOf = async (userId: string) =>
    (await app.ctx.db.select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;

  beforeAll(async () => {
    app = await createTestApp();
    staff = await signUpStaff(app);
    const r = await signUp(app);
    reseller = { ...r, id: await idOf(r.headers) };
  });
  afterAll(() => app.close());

  const routes = (id: string): ['GET' | 'POST', string, object?][] => [
    ['GET', '/overview'],
    ['GET', '/users'],
    ['GET', `/users/${id}`],
    ['GET', `/users/${id}/ledger`],
    ['POST', `/users/${id}/adjust-balance`, { amount: 1, reason: 'x' }],
    ['POST', `/users/${id}/disable`],
    ['POST', `/users/${id}/enable`],
    ['POST', `/users/${id}/revoke-sessions`],
    ['POST', `/users/${id}/reset-api-key`],
    ['GET', '/audit'],
    ['GET', '/mail'],
  ];

  it('answers 401 without a token and 403 to a reseller on every staff route', async () => {
    for (const [method, url, body] of routes(reseller.id)) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const asReseller = await call(method, url, reseller.headers, body);
      expect(asReseller.statusCode, `${method} ${url}`).toBe(403);
      expect(asReseller.json()).toEqual({ message: 'Staff only' });
    }
    expect(await ledgerOf(reseller.id)).toEqual([]);
  });

  it('finds resellers by Discord name, name or e-mail, with balance and order count', async () => {
    const res = await call('GET', `/users?search=${reseller.discordId.toUpperCase()}`, staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      users: { _id: string; balance: number; orderCount: number; enabled: boolean }[];
      total: number;
    };
    expect(body.total).toBe(1);
    expect(body.users[0]).toMatchObject({ _id: reseller.id, balance: 0, orderCount: 0, enabled: true });
  });

  it('pages every reseller newest first, ties by id, exactly as a plain query orders them', async () => {
    // 130 more accounts, three to an instant, so pages also split accounts created together, and the walk
    // goes past KEYS_FIRST_FROM_OFFSET, where a page finds its keys first.
    await app.database.executeSql(
      `INSERT INTO users (username, discord_id, email, password_hash, api_key_hash, api_key_cipher, created_at)
       SELECT 'Paged ' || g, 'paged_' || g, 'paged' || g || '@example.com', 'x', 'paged-key-' || g, 'x',
              now() - (g / 3) * interval '1 hour'
       FROM generate_series(1, 130) AS g`,
    );
    const walk = async (search: string) => {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const res = await call('GET', `/users?search=${search}&page=${page}&limit=7`, staff.headers);
        const body = res.json() as { users: { _id: string }[]; total: number; totalPages: number };
        ids.push(...body.users.map((u) => u._id));
        if (page >= body.totalPages) return { ids, total: body.total, totalPages: body.totalPages };
      }
    };
    const expected = async (where: string) =>
      (
        await app.database.executeSql(`SELECT id FROM users ${where} ORDER BY created_at DESC, id DESC`)
      ).rows.map((r) => (r as { id: string }).id);

    const all = await walk('');
    expect(all.ids.length).toBeGreaterThan(KEYS_FIRST_FROM_OFFSET + 7);
    expect(all.ids).toEqual(await expected(''));
    expect(all.total).toBe(all.ids.length);
    expect(all.totalPages).toBe(Math.ceil(all.total / 7));

    const paged = await walk('PAGED_1');
    expect(paged.ids).toEqual(await expected(`WHERE discord_id LIKE 'paged\\_1%'`));
    expect(paged.total).toBe(42); // paged_1, paged_10 to paged_19 and paged_100 to paged_130
    // Past the last page: no accounts, and still the totals.
    const past = await call('GET', `/users?search=paged_1&page=9&limit=7`, staff.headers);
    expect(past.json()).toEqual({ users: [], total: 42, totalPages: 6 });
  });

  it('credits $25 with a reason: one adjustment entry by the staff member and one audit row', async () => {
    const res = await call('POST', `/users/${reseller.id}/adjust-balance`, staff.headers, {
      amount: 25,
      reason: 'Goodwill credit',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '$25.00 credited; the balance is now $25.00', balance: 25 });
    const ledger = await ledgerOf(reseller.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'adjustment',
      amountCents: 2500,
      balanceAfterCents: 2500,
      note: 'Goodwill credit',
      createdBy: staff.id,
    });
    const audit = (await auditOf(reseller.id)).filter((a) => a.action === 'user.adjust_balance');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: staff.id, targetType: 'user', before: { balance: 0 } });
    expect(audit[0]!.after).toMatchObject({ balance: 25, amount: 25, reason: 'Goodwill credit' });

    const page = await call('GET', `/users/${reseller.id}/ledger`, staff.headers);
    expect(page.json().entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: 25,
      balanceAfter: 25,
      by: { _id: staff.id, discordId: staff.discordId },
    });
    const access = await app.inject({ url: '/api/v1/auth/access', headers: reseller.headers });
    expect(access.json().balance).toBe(25);
    expect(JSON.stringify(access.json())).not.toContain(staff.discordId);
  });

  it('refuses a debit below zero, and changes nothing', async () => {
    const before = await balanceOf(reseller.id);
    const entries = (await ledgerOf(reseller.id)).length;
    const res = await call('POST', `/users/${reseller.id}/adjust-balance`, staff.headers, {
      amount: -1000,
      reason: 'Too much',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This debit would take the balance below zero: the balance is $25.00');
    expect(await balanceOf(reseller.id)).toBe(before);
    expect(await ledgerOf(reseller.id)).toHaveLength(entries);
  });

  it.each([
    [{ amount: 0, reason: 'x' }, 'Amount must not be 0'],
    [{ amount: 0.001, reason: 'x' }, 'Amount must have at most 2 decimals'],
    [{ amount: 'ten', reason: 'x' }, 'Amount must be a number'],
    [{ amount: 5 }, 'Reason is required'],
    [{ amount: 5, reason: '   ' }, 'Reason is required'],
  ])('refuses the adjustment %j', async (payload, message) => {
    const res = await call('POST', `/users/${reseller.id}/adjust-balance`, staff.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('lets no staff member adjust their own balance', async () => {
    const res = await call('POST', `/users/${staff.id}/adjust-balance`, staff.headers, {
      amount: 5,
      reason: 'me',
    });
    expect(res.statusCode).toBe(403);
    expect(await ledgerOf(staff.id)).toEqual([]);
  });

  it('rolls the ledger entry back when the audit row cannot be written', async () => {
    await app.database.executeSql(`
      CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.after->>'reason' = 'break the audit' THEN RAISE EXCEPTION 'audit down'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit();`);
    const before = await balanceOf(reseller.id);
    const entries = (await ledgerOf(reseller.id)).length;
    const res = await call('POST', `/users/${reseller.id}/adjust-balance`, staff.headers, {
      amount: 7,
      reason: 'break the audit',
    });
    expect(res.statusCode).toBe(500);
    expect(await balanceOf(reseller.id)).toBe(before);
    expect(await ledgerOf(reseller.id)).toHaveLength(entries);
    await app.database.executeSql('DROP TRIGGER fail_audit ON audit_log; DROP FUNCTION fail_audit();');
  });

  const signIn = async (account: { discordId: string; password: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        discordId: account.discordId,
        password: account.password,
        captchaToken: await solveCaptcha(app),
      },
    });

  it('disabling ends the sessions at once, refuses sign-in and is audited', async () => {
    const other = await signUp(app);
    const otherId = await idOf(other.headers);
    expect((await call('POST', `/users/${otherId}/disable`, staff.headers)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/auth/access', headers: other.headers })).statusCode).toBe(401);
    const login = await signIn(other);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'This account is disabled. Please contact support.' });
    const actions = (await auditOf(otherId)).map((a) => a.action);
    expect(actions).toContain('user.disable');
  });

  it('enabling a disabled account lets it sign in again', async () => {
    const other = await signUp(app);
    const otherId = await idOf(other.headers);
    expect((await call('POST', `/users/${otherId}/disable`, staff.headers)).statusCode).toBe(200);
    expect((await call('POST', `/users/${otherId}/enable`, staff.headers)).statusCode).toBe(200);
    const again = await signIn(other);
    expect(again.statusCode).toBe(200);
  });

  it('resets the API key, auditing it without the key', async () => {
    const other = await signUp(app);
    const otherId = await idOf(other.headers);
    const keyBefore = (await app.inject({ url: '/api/v1/auth/access', headers: other.headers })).json()
      .api_key;
    expect((await call('POST', `/users/${otherId}/reset-api-key`, staff.headers)).statusCode).toBe(200);
    const keyAfter = (await app.inject({ url: '/api/v1/auth/access', headers: other.headers })).json()
      .api_key;
    expect(keyAfter).not.toBe(keyBefore);
    const rows = await auditOf(otherId);
    expect(rows.map((r) => r.action)).toEqual(['user.reset_api_key']);
    expect(JSON.stringify(rows)).not.toContain(keyAfter);
  });

  it('revokes the sessions, audited', async () => {
    const other = await signUp(app);
    const otherId = await idOf(other.headers);
    const revoked = await call('POST', `/users/${otherId}/revoke-sessions`, staff.headers);
    expect(revoked.json()).toEqual({ message: '1 session ended' });
    expect((await app.inject({ url: '/api/v1/auth/access', headers: other.headers })).statusCode).toBe(401);
    expect((await auditOf(otherId)).map((r) => r.action)).toEqual(['user.revoke_sessions']);
  });

  it('keeps the last admin: it cannot be disabled or demoted', async () => {
    const res = await call('POST', `/users/${staff.id}/disable`, staff.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The last admin cannot be disabled' });
    await expect(setUserRole(app.ctx, { actor: CLI_ACTOR, userId: staff.id, role: 'user' })).rejects.toThrow(
      'The last admin cannot be demoted',
    );
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('answers 404 for an unknown reseller id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call('GET', `/users/${id}`, staff.headers)).statusCode).toBe(404);
      expect(
        (await call('POST', `/users/${id}/adjust-balance`, staff.headers, { amount: 1, reason: 'x' }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('lists the audit trail filtered by actor, action and target', async () => {
    const res = await call(
      'GET',
      `/audit?action=adjust_balance&targetId=${reseller.id}&actor=${staff.discordId}`,
      staff.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { entries: { action: string; actor: { discordId: string } }[]; total: number };
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({
      action: 'user.adjust_balance',
      actor: { discordId: staff.discordId },
    });
    const none = await call(
      'GET',
      `/audit?action=adjust_balance&from=2000-01-01&to=2000-01-02`,
      staff.headers,
    );
    expect(none.json().total).toBe(0);
  });

  it('refuses to change or delete audit rows: the database enforces it', async () => {
    await expect(app.ctx.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(app.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await auditOf(reseller.id)).length).toBeGreaterThan(0);
  });

  it('shows the mail outbox with one-time codes masked', async () => {
    await app.ctx.mailer.send({
      to: 'masked@example.test',
      subject: 'Code',
      text: 'Your code is 123456',
      html: '<p>123456</p>',
    });
    const res = await call('GET', '/mail', staff.headers);
    const mail = (res.json() as { mails: { to: string; text: string; status: string }[] }).mails.find(
      (m) => m.to === 'masked@example.test',
    );
    expect(mail).toMatchObject({ text: 'Your code is ••••••', status: 'outbox' });
  });

  it('reports the overview: resellers, and labels and revenue per day for 30 days', async () => {
    const res = await call('GET', '/overview', staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { days: { date: string }[]; resellers: number; today: { labels: number } };
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.resellers).toBeGreaterThanOrEqual(3);
    expect(body.today.labels).toBe(0);
  });
});
