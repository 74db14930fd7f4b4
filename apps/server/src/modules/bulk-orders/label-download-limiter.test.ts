import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type Reseller } from '../../../test/order-fixtures.ts';
import { drawLabels, insertCompletedBulkOrder } from '../../../test/large-bulk-order.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

/** One download at a time and none waiting: a second download is refused until the first one's slot is free. */
describe('label download slots (one at a time, none waiting)', () => {
  let app: TestApp;
  let baseUrl: string;
  let alice: Reseller;
  let bulkOrderId: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { LABEL_DOWNLOADS_AT_ONCE: '1', LABEL_DOWNLOADS_WAITING: '0' } });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    alice = await signUpReseller(app);
    ({ bulkOrderId } = await insertCompletedBulkOrder(app.database.db, {
      userId: alice.id,
      labels: await drawLabels(10),
      rows: 400,
    }));
  });
  afterAll(async () => app.close());

  const get = (path: string, signal?: AbortSignal) =>
    fetch(`${baseUrl}/api/v1/order/${path}/${bulkOrderId}`, { headers: alice.headers, signal });

  it('refuses a second download while one is prepared, for the zip and the PDF alike', async () => {
    const first = await get('bulk-download-pdf');
    expect(first.status).toBe(200);
    const second = await get('bulk-download');
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('60');
    await first.arrayBuffer();
    // Once the first is sent its slot is free again.
    const third = await get('bulk-download');
    expect(third.status).toBe(200);
    expect(
      Buffer.from(await third.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('frees the slot of a download its client abandons', async () => {
    const leaving = new AbortController();
    const abandoned = await get('bulk-download-pdf', leaving.signal);
    expect(abandoned.status).toBe(200);
    leaving.abort();
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = await get('bulk-download-pdf');
      status = next.status;
      await next.arrayBuffer();
    }
    expect(status).toBe(200);
  });
});
