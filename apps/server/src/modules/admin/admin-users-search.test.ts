import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, scansOf, type Engine, type TestApp } from '../../../test/helper.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';

type Listed = { users: { discordId: string }[]; total: number };

/** Enough accounts that reading them all costs more than the index, as the planner estimates it. */
const ACCOUNTS = 20_000;

/**
 * The console's search of accounts (decision 231): whatever the case of the text, the accounts whose
 * Discord name, name or e-mail contain it, found through the trigram index rather than by reading
 * every account.
 */
describe.each<Engine>(['pglite', 'postgres'])('the console search of accounts on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;

  const search = async (text: string) => {
    const res = await app.inject({
      url: `/api/v1/admin/users?search=${encodeURIComponent(text)}&limit=50`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Listed;
  };

  beforeAll(async () => {
    app = await createTestApp({ engine, poolSize: 1 });
    ({ headers } = await signUpStaff(app));
    await app.database.executeSql(
      `INSERT INTO users (username, discord_id, email, password_hash, api_key_hash, api_key_cipher)
       SELECT 'Reseller ' || g, 'reseller_' || g, 'seller' || g || '@Example.com', 'x', 'search-key-' || g, 'x'
       FROM generate_series(1, ${ACCOUNTS}) AS g`,
    );
    await app.database.executeSql(
      `INSERT INTO users (username, discord_id, email, password_hash, api_key_hash, api_key_cipher)
       VALUES ('Zoë Ångström', 'zoe.ships', NULL, 'x', 'search-key-zoe', 'x')`,
    );
    await app.database.executeSql('ANALYZE users');
  });
  afterAll(async () => app.close());

  it('finds a Discord name, a name or an e-mail, in any case, as a substring', async () => {
    expect((await search('RESELLER_12345')).users.map((u) => u.discordId)).toEqual(['reseller_12345']);
    expect((await search('reseller 19999')).users.map((u) => u.discordId)).toEqual(['reseller_19999']);
    expect((await search('seller77@example')).users.map((u) => u.discordId)).toEqual(['reseller_77']);
    expect((await search('Ångström')).users.map((u) => u.discordId)).toEqual(['zoe.ships']);
    // A wildcard typed into the box is a character to find, and no match runs from one field into the next.
    expect((await search('reseller%99')).total).toBe(0);
    expect((await search('1234reseller')).total).toBe(0);
    // reseller_12, reseller_120 to _129, reseller_1200 to _1299 and reseller_12000 to _12999
    expect((await search('reseller_12')).total).toBe(1111);
  });

  it.runIf(engine === 'postgres')('reads the trigram index, not every account', async () => {
    const before = await scansOf(app.database, 'users');
    expect((await search('Reseller_17171')).users.map((u) => u.discordId)).toEqual(['reseller_17171']);
    const after = await scansOf(app.database, 'users');
    expect(after.index.users_search_trgm_idx).toBe(before.index.users_search_trgm_idx! + 1);
    expect(after.whole).toBe(before.whole);
  });
});
