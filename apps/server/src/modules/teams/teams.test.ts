import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations, users } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { adminCall, apiCall, appCall } from '../../../test/api-fixtures.ts';
import { labelTypeIds, orderBody, placeOrder, type Reseller } from '../../../test/order-fixtures.ts';
import { addMember, invite, invitationToken } from '../../../test/team-fixtures.ts';
import { createCourier, quote, setStatus } from '../courier/test-support.ts';
import { excelCsv, sheetRows } from '../../../test/fixtures/csv-files.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { LAST_OWNER_MESSAGE } from './team-members.ts';
import { INVITATION_EXPIRED, INVITATION_INVALID } from './team-invitations.ts';
import { TEAM_KEY_TWO_FACTOR_MESSAGE, TEAM_TWO_FACTOR_MESSAGE } from '../../plugins/permissions.ts';
import { enrolTwoFactor } from '../../../test/two-factor-fixtures.ts';
import { generateLabel } from '../purchases/label-job.ts';
import { staffRefund } from '../refunds/test-support.ts';

let app: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  ids = await labelTypeIds(app, (await signUpReseller(app)).headers);
});
afterAll(async () => app?.close());

const accept = (headers: Record<string, string>, token: string) =>
  appCall(app, headers, 'POST', '/team/invitations/accept', { token });
const apiRow = (change: Record<string, unknown> = {}) => {
  const { labelType: _t, quantity: _q, signature: _s, ...order } = orderBody('');
  return { ...order, ...change };
};

describe('invitations', () => {
  it('mails a single-use link; the invitee joins and sees the team balance and orders', async () => {
    const owner = await signUpReseller(app, 20_00);
    const ordered = await placeOrder(app, owner.headers, orderBody(ids.ground_oz!));
    const { email, token } = await invite(app, owner, 'shipper');
    const listed = (await appCall(app, owner.headers, 'GET', '/team')).json().invitations;
    expect(Object.keys(listed[0]).sort()).toEqual(['_id', 'email', 'expiresAt', 'role']);
    const [mail] = await app.ctx.db
      .execute<{ text: string; html: string }>(sql`SELECT text, html FROM mail_outbox WHERE "to" = ${email}`)
      .then((r) => (r as unknown as { rows: { text: string; html: string }[] }).rows);
    expect(mail!.text).toContain('as shipper');
    expect(mail!.html).toContain('/team/join?token=');

    const packer = await signUp(app);
    const joined = await accept(packer.headers, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().message).toBe('You joined the Test Reseller team as shipper');
    const access = (await appCall(app, packer.headers, 'GET', '/auth/access')).json();
    expect(access).toMatchObject({ balance: 17.25, api_key: '', team: { role: 'shipper' } });
    const history = (await appCall(app, packer.headers, 'GET', '/order/read')).json();
    expect(history.orders.map((o: { _id: string }) => o._id)).toEqual([ordered]);

    const again = await accept((await signUp(app)).headers, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITATION_INVALID);
  });

  it('refuses an expired link, and a resend replaces the link', async () => {
    const owner = await signUpReseller(app);
    const first = await invite(app, owner, 'viewer');
    await app.ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, first.id));
    const person = await signUp(app);
    const expired = await accept(person.headers, first.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVITATION_EXPIRED);

    const resent = await appCall(app, owner.headers, 'POST', `/team/invitations/${first.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const token = await invitationToken(app, first.email);
    expect(token).not.toBe(first.token);
    expect((await accept(person.headers, first.token)).statusCode).toBe(404);
    expect((await accept(person.headers, token)).statusCode).toBe(200);
  });

  it('refuses the wrong account: another address, a member of another team, another team revoking', async () => {
    const owner = await signUpReseller(app);
    const other = await signUpReseller(app);
    const { id, token } = await invite(app, owner, 'viewer');

    const verified = await signUp(app);
    const verifiedId = (await appCall(app, verified.headers, 'GET', '/auth/access')).json()._id as string;
    await app.ctx.db
      .update(users)
      .set({ email: 'someone-else@example.com', emailVerified: true })
      .where(eq(users.id, verifiedId));
    const wrongMail = await accept(verified.headers, token);
    expect(wrongMail.statusCode).toBe(403);
    expect(wrongMail.json().message).toBe('This invitation was sent to another e-mail address');

    const elsewhere = await addMember(app, other, 'shipper');
    const taken = await accept(elsewhere.headers, token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('You already belong to another team: leave it first');

    const funded = await signUpReseller(app, 5_00);
    expect((await accept(funded.headers, token)).json().message).toBe(
      'Your account has a balance, orders or members of its own: join with a new account',
    );
    expect((await appCall(app, other.headers, 'DELETE', `/team/invitations/${id}`)).statusCode).toBe(404);
    expect((await appCall(app, owner.headers, 'DELETE', `/team/invitations/${id}`)).statusCode).toBe(200);
    expect((await accept((await signUp(app)).headers, token)).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('keeps a last owner: cannot leave or be demoted; only owners change owners', async () => {
    const owner = await signUpReseller(app);
    const demoteSelf = await appCall(app, owner.headers, 'PATCH', `/team/members/${owner.id}`, {
      role: 'admin',
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toBe(LAST_OWNER_MESSAGE);

    const second = await addMember(app, owner, 'owner');
    const admin = await addMember(app, owner, 'admin');
    const byAdmin = await appCall(app, admin.headers, 'PATCH', `/team/members/${second.id}`, {
      role: 'viewer',
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('An admin cannot change owners');

    const demoted = await appCall(app, owner.headers, 'PATCH', `/team/members/${owner.id}`, {
      role: 'admin',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const leave = await appCall(app, second.headers, 'DELETE', `/team/members/${second.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(LAST_OWNER_MESSAGE);
    const team = (await appCall(app, second.headers, 'GET', '/team')).json();
    expect(team.members.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'admin', 'owner']);
    // The contract's fields, no more.
    expect(Object.keys(team).sort()).toEqual(['invitations', 'members', 'team']);
    expect(Object.keys(team.team).sort()).toEqual(['_id', 'name']);
    expect(Object.keys(team.members[0]).sort()).toEqual(
      ['_id', 'dailyLimit', 'email', 'lastSeenAt', 'role', 'twoFactorEnabled', 'username'].sort(),
    );

    const viewer = await addMember(app, owner, 'viewer');
    const left = await appCall(app, viewer.headers, 'POST', '/team/leave');
    expect(left.json().message).toBe('You left the team');
    expect((await appCall(app, viewer.headers, 'GET', '/order/read')).statusCode).toBe(401);
    const ownerLeaves = await appCall(app, owner.headers, 'POST', '/team/leave');
    expect(ownerLeaves.statusCode).toBe(409);
  });

  it('removing a member ends their sessions and keys at once', async () => {
    const owner = await signUpReseller(app);
    const admin = await addMember(app, owner, 'admin');
    const key = (
      await appCall(app, admin.headers, 'POST', '/team/api-keys', { name: 'script', role: 'viewer' })
    ).json().apiKey as string;
    expect((await apiCall(app, key, 'GET', '/order/read-orders')).statusCode).toBe(200);
    expect((await appCall(app, admin.headers, 'GET', '/order/read')).statusCode).toBe(200);

    const removed = await appCall(app, owner.headers, 'DELETE', `/team/members/${admin.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await appCall(app, admin.headers, 'GET', '/order/read')).statusCode).toBe(401);
    expect((await apiCall(app, key, 'GET', '/order/read-orders')).statusCode).toBe(401);
    const team = (await appCall(app, owner.headers, 'GET', '/team')).json();
    expect(team.members.map((m: { _id: string }) => m._id)).toEqual([owner.id]);
  });

  it('lets owners require a second factor of every member', async () => {
    const owner = await signUpReseller(app);
    const viewer = await addMember(app, owner, 'viewer');
    const set = await appCall(app, owner.headers, 'PUT', '/team/settings', { requireTwoFactor: true });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await appCall(app, viewer.headers, 'GET', '/order/read');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: TEAM_TWO_FACTOR_MESSAGE, twoFactorSetupRequired: true });
    expect((await appCall(app, viewer.headers, 'GET', '/account/2fa')).statusCode).toBe(200);
    const byViewer = await appCall(app, viewer.headers, 'PUT', '/team/settings', { requireTwoFactor: false });
    expect(byViewer.statusCode).toBe(403);
  });

  it('holds API keys to the second factor rule: a key works while its member has a second factor', async () => {
    const owner = await signUpReseller(app);
    const access = await appCall(app, owner.headers, 'GET', '/auth/access');
    expect(access.statusCode, access.body).toBe(200);
    const ownKey = access.json().api_key as string;
    await enrolTwoFactor(app, owner.headers);
    const packer = await addMember(app, owner, 'admin');
    const careful = await addMember(app, owner, 'admin');
    await enrolTwoFactor(app, careful.headers);
    const keyOf = async (member: Reseller) => {
      const made = await appCall(app, member.headers, 'POST', '/team/api-keys', {
        name: 'script',
        role: 'viewer',
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().apiKey as string;
    };
    const keys = { own: ownKey, packer: await keyOf(packer), careful: await keyOf(careful) };
    const read = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(keys).map(async ([name, key]) => {
            const res = await apiCall(app, key, 'GET', '/order/read-orders');
            return [name, res.statusCode === 200 ? 200 : [res.statusCode, res.json().message]];
          }),
        ),
      );
    expect(await read()).toEqual({ own: 200, packer: 200, careful: 200 });

    const set = await appCall(app, owner.headers, 'PUT', '/team/settings', { requireTwoFactor: true });
    expect(set.statusCode, set.body).toBe(200);
    // The key of a member without a second factor stops; those of members with one go on.
    expect(await read()).toEqual({ own: 200, packer: [403, TEAM_KEY_TWO_FACTOR_MESSAGE], careful: 200 });
    // Once its member turns a second factor on, the key works again.
    await enrolTwoFactor(app, packer.headers);
    expect(await read()).toEqual({ own: 200, packer: 200, careful: 200 });
  });

  it('shows staff the members of a reseller, and staff disable one member', async () => {
    const owner = await signUpReseller(app);
    const packer = await addMember(app, owner, 'shipper');
    const staff = await signUpStaff(app);
    const listed = await adminCall(app, staff.headers, 'GET', `/users/${packer.id}/members`);
    expect(listed.json().members).toEqual([
      expect.objectContaining({ _id: owner.id, role: 'owner', disabled: false }),
      expect.objectContaining({ _id: packer.id, role: 'shipper', disabled: false }),
    ]);
    expect((await adminCall(app, staff.headers, 'POST', `/users/${packer.id}/disable`)).statusCode).toBe(200);
    expect((await appCall(app, packer.headers, 'GET', '/order/read')).statusCode).toBe(401);
    expect((await appCall(app, owner.headers, 'GET', '/order/read')).statusCode).toBe(200);
  });
});

describe('keys, limits and who did what', () => {
  let owner: Reseller;
  let packer: Reseller;
  beforeAll(async () => {
    owner = await signUpReseller(app, 100_00);
    packer = await addMember(app, owner, 'shipper');
  });

  it('names the buyer on every order and bulk order, in the app and the API', async () => {
    const id = await placeOrder(app, packer.headers, orderBody(ids.ground_oz!));
    const read = (await appCall(app, owner.headers, 'GET', `/order/read/${id}`)).json();
    expect(read.order.createdBy).toEqual({ _id: packer.id, username: 'Test Reseller' });

    const key = (
      await appCall(app, owner.headers, 'POST', '/team/api-keys', { name: 'shop', role: 'shipper' })
    ).json().apiKey as string;
    const bulk = await apiCall(app, key, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      data: [apiRow()],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().bulkOrder.createdBy).toEqual({ _id: owner.id, username: 'Test Reseller' });
    const listed = (await apiCall(app, key, 'GET', '/order/read-orders')).json();
    expect(listed.orders.map((o: { createdBy: { _id: string } }) => o.createdBy._id)).toEqual(
      expect.arrayContaining([owner.id, packer.id]),
    );
    const keys = (await appCall(app, owner.headers, 'GET', '/team/api-keys')).json().keys;
    expect(keys.find((k: { name: string }) => k.name === 'shop').lastUsedAt).not.toBeNull();
  });

  it('publishes createdBy and the team key rules in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json();
    expect(doc.info.description).toContain(
      'A team key (Team page of the app) acts as the member who made it',
    );
    const readOrder = doc.paths['/read-order/{order_id}'] ?? doc.paths['/order/read-order/{order_id}'];
    const schema = readOrder.get.responses['200'].content['application/json'].schema;
    expect(schema.properties.order.properties.createdBy.properties).toMatchObject({
      _id: { type: 'string' },
      username: { type: 'string' },
    });
  });

  it('gives a key no role above its member, and a read-only key cannot buy', async () => {
    const shipperKey = await appCall(app, packer.headers, 'POST', '/team/api-keys', {
      name: 'x',
      role: 'viewer',
    });
    expect(shipperKey.statusCode).toBe(403);
    expect(shipperKey.json().message).toBe('A shipper cannot manage API keys');
    const admin = await addMember(app, owner, 'admin');
    const above = await appCall(app, admin.headers, 'POST', '/team/api-keys', { name: 'x', role: 'owner' });
    expect(above.json().message).toBe('An admin cannot make a key with the owner role');
    const books = (
      await appCall(app, admin.headers, 'POST', '/team/api-keys', { name: 'books', role: 'viewer' })
    ).json().apiKey as string;
    expect((await apiCall(app, books, 'GET', '/order/read-orders')).statusCode).toBe(200);
    const buy = await apiCall(app, books, 'POST', '/order/create-order', orderBody('ground_oz'));
    expect(buy.statusCode).toBe(403);
    expect(buy.json().message).toBe('A viewer cannot buy labels');
  });

  it('holds a member to a daily limit on every path, saying the limit and what is left', async () => {
    const limited = await addMember(app, owner, 'admin');
    const set = await appCall(app, owner.headers, 'PATCH', `/team/members/${limited.id}`, { dailyLimit: 5 });
    expect(set.json().member.dailyLimit).toBe(5);
    const key = (
      await appCall(app, limited.headers, 'POST', '/team/api-keys', { name: 'shop', role: 'shipper' })
    ).json().apiKey as string;
    const first = await placeOrder(app, limited.headers, orderBody(ids.ground_oz!));
    const refusal = (cost: string) =>
      `Your daily limit is $5.00 and $2.25 is left today: this purchase costs ${cost}.`;
    const attempts = {
      single: await appCall(app, limited.headers, 'POST', '/order/create', orderBody(ids.ground_oz!)),
      quantity: await appCall(
        app,
        limited.headers,
        'POST',
        '/order/create',
        orderBody(ids.ground_oz!, { quantity: 2 }),
      ),
      duplicate: await appCall(app, limited.headers, 'POST', `/order/duplicate/${first}`),
      api: await apiCall(app, key, 'POST', '/order/create-order', orderBody('ground_oz')),
      apiBulk: await apiCall(app, key, 'POST', '/order/create-bulk-order', {
        labelType: 'ground_oz',
        data: [apiRow()],
      }),
    };
    expect(
      Object.fromEntries(
        Object.entries(attempts).map(([path, res]) => [path, [res.statusCode, res.json().message]]),
      ),
    ).toEqual({
      single: [402, refusal('$2.75')],
      quantity: [402, refusal('$5.50')],
      duplicate: [402, refusal('$2.75')],
      api: [402, refusal('$2.75')],
      apiBulk: [402, refusal('$2.75')],
    });
    // A CSV purchase, validated then paid as the CSV page does.
    const csv = excelCsv(sheetRows(2));
    const validated = await multipartPayload({
      csv: { data: csv, filename: 'a.csv' },
      labeltype: ids.ground_oz!,
    });
    const priced = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...limited.headers, ...validated.headers },
      payload: validated.payload,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const paid = await multipartPayload({
      csv: { data: csv, filename: 'a.csv' },
      type: ids.ground_oz!,
      total_price: String(priced.json().totalPrice),
    });
    const csvOrder = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...limited.headers, ...paid.headers },
      payload: paid.payload,
    });
    expect([csvOrder.statusCode, csvOrder.json().message]).toEqual([
      402,
      refusal(`$${priced.json().totalPrice.toFixed(2)}`),
    ]);
    // A courier order quoted by staff is charged when accepted: through the same hold.
    const courierId = await createCourier(app, limited.headers);
    expect((await quote(app, (await signUpStaff(app)).headers, courierId, 3)).statusCode).toBe(200);
    const accepted = await setStatus(app, limited.headers, courierId, 'In Process');
    expect([accepted.statusCode, accepted.json().message]).toEqual([402, refusal('$3.00')]);
    // The limit is the member's: the owner, without one, still buys.
    await placeOrder(app, owner.headers, orderBody(ids.ground_oz!));
  });

  it('gives the limit back when a purchase is refunded, for the day it was spent', async () => {
    const limited = await addMember(app, owner, 'shipper');
    await appCall(app, owner.headers, 'PATCH', `/team/members/${limited.id}`, { dailyLimit: 5 });
    const left = (amount: string) =>
      `Your daily limit is $5.00 and ${amount} is left today: this purchase costs $5.50.`;
    const two = () =>
      appCall(app, limited.headers, 'POST', '/order/create', orderBody(ids.ground_oz!, { quantity: 2 }));
    const staff = await signUpStaff(app);
    const refund = async (orderId: string) => {
      await generateLabel(app.ctx, orderId);
      const res = await staffRefund(app, staff.headers, orderId);
      expect(res.statusCode, res.body).toBe(200);
    };

    const first = await placeOrder(app, limited.headers, orderBody(ids.ground_oz!));
    expect((await two()).json().message).toBe(left('$2.25'));
    await refund(first);
    // The refunded $2.75 is spendable again today: two labels ($5.50) are over $5.00, one is not.
    expect((await two()).json().message).toBe(left('$5.00'));
    const second = await placeOrder(app, limited.headers, orderBody(ids.ground_oz!));
    expect((await two()).json().message).toBe(left('$2.25'));

    // A purchase of an earlier day refunded today gives nothing back to today's limit.
    // (Its charge and order, made in one transaction, share their time: both moved to yesterday.)
    await app.ctx.db.execute(
      sql`UPDATE ledger_entries SET created_at = created_at - interval '1 day'
          WHERE member_id = ${limited.id} AND kind = 'order_charge'
            AND created_at = (SELECT created_at FROM orders WHERE id = ${second})`,
    );
    await app.ctx.db.execute(
      sql`UPDATE orders SET created_at = created_at - interval '1 day' WHERE id = ${second}`,
    );
    await refund(second);
    expect((await two()).json().message).toBe(left('$5.00'));
  });

  it('lists the team activity with filters', async () => {
    await appCall(app, packer.headers, 'POST', '/address/create', {
      name: 'Dock 4',
      street: '100 Congress Ave',
      street2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    });
    const all = (await appCall(app, owner.headers, 'GET', '/team/activity')).json();
    expect(all.activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['member.joined', 'order.created', 'key.created', 'address.created']),
    );
    const byPacker = (
      await appCall(app, owner.headers, 'GET', `/team/activity?member=${packer.id}&action=address.created`)
    ).json();
    expect(byPacker.activity).toEqual([
      expect.objectContaining({
        summary: 'Dock 4, Austin TX',
        member: { _id: packer.id, username: 'Test Reseller' },
      }),
    ]);
    expect((await appCall(app, packer.headers, 'GET', '/team/activity')).statusCode).toBe(403);
  });
});
