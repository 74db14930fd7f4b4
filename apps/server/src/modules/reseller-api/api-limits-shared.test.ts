import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { createPostgresDatabaseUrl, createTestApp, type TestApp } from '../../../test/helper.ts';
import { orderBody } from '../../../test/order-fixtures.ts';
import { apiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

const PER_MINUTE = 10;
const PURCHASES_PER_SECOND = 3;

/** Two app instances on one PostgreSQL (decision 195): the API's per-key budgets are one budget. */
describe('reseller API limits across instances on postgres', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const url = await createPostgresDatabaseUrl('limits');
    const env = {
      API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      API_PURCHASES_PER_SECOND: String(PURCHASES_PER_SECOND),
    };
    a = await createTestApp({ database: await createDatabase({ url, dataDir: '', poolSize: 10 }), env });
    b = await createTestApp({ database: await createDatabase({ url, dataDir: '', poolSize: 10 }), env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses the purchase past the per-second budget however the purchases are split', async () => {
    const alice = await apiReseller(a, 50_00);
    const buy = (app: TestApp) =>
      apiCall(app, alice.apiKey, 'POST', '/order/create-order', orderBody('ground_oz'));
    const replies = await Promise.all([buy(a), buy(b), buy(a), buy(b)]);
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = replies.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Too many purchases for this API key/);
  });

  it('answers 429 past the per-minute budget however the requests are split', async () => {
    const bob = await apiReseller(b);
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++)
      statuses.push((await apiCall(i % 2 ? b : a, bob.apiKey, 'GET', '/labeltype/read-types')).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(200), 429]);
  });
});
