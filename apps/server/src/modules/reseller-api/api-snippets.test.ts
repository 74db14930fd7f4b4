import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_ENDPOINTS, curlSnippet, fetchSnippet, pythonSnippet, type SnippetContext } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { waitForLabelJobs, waitFor } from '../../../test/order-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

const run = promisify(execFile);
const endpoint = (id: string) => API_ENDPOINTS.find((e) => e.id === id)!;

// The docs page's own snippets (built by the shared functions the page renders), run as a reseller would.
describe('the API docs page snippets run against a live server', () => {
  let app: TestApp;
  let alice: ApiReseller;
  let dir: string;
  let context: SnippetContext;
  const languages = {
    curl: (code: string) => run('sh', ['-c', code], { cwd: dir }),
    javascript: (code: string) => run(process.execPath, ['--input-type=module', '-e', code], { cwd: dir }),
    python: (code: string) => run('python3', ['-c', code], { cwd: dir }),
  };

  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await startWorkers(app.ctx);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    alice = await apiReseller(app, 100_00);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'snippets-'));
    context = { baseUrl: `${address}/api/v2`, apiKey: alice.apiKey };
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  for (const [language, exec] of Object.entries(languages)) {
    it(`${language}: lists types, buys an order and a bulk order, reads and downloads them`, async () => {
      const snippet = { curl: curlSnippet, javascript: fetchSnippet, python: pythonSnippet }[language]!;
      const call = async (id: string) => (await exec(snippet(endpoint(id), context))).stdout;

      expect(await call('read-types')).toContain('ground_oz');
      const created = await call('create-order');
      expect(created).toMatch(/Order created successfully/);
      const bulk = await call('create-bulk-order');
      expect(bulk).toMatch(/Bulk order created successfully: 2 labels are being generated/);

      const [order] = (await apiCall(app, alice.apiKey, 'GET', '/order/read-orders?limit=1')).json().orders;
      const bulkId = /'_id': '([\w-]+)'|"_id":"([\w-]+)"|_id: '([\w-]+)'/.exec(bulk)!.slice(1).find(Boolean)!;
      context.ids = { order_id: order._id, bulkorder_id: bulkId };
      expect(await call('read-orders')).toContain(order._id);
      expect(await call('read-order')).toContain(order._id);
      expect(await call('read-bulk-order')).toContain(bulkId);

      await waitFor(
        () => apiCall(app, alice.apiKey, 'GET', `/order/read-bulk-order/${bulkId}`).then((r) => r.json()),
        (b) => b.bulkOrder.status === 'Completed',
      );
      await waitFor(
        () => apiCall(app, alice.apiKey, 'GET', `/order/read-order/${order._id}`).then((r) => r.json().order),
        (o) => o.status === 'completed',
      );
      await fs.rm(path.join(dir, 'label.pdf'), { force: true });
      const label = await call('download');
      const zip = await call('download-bulk-order');
      if (language === 'javascript') {
        expect(label).toMatch(/^200 \d{3,}/);
        expect(zip).toMatch(/^200 \d{3,}/);
      } else {
        expect((await fs.readFile(path.join(dir, 'label.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
        expect((await fs.readFile(path.join(dir, 'labels.zip'))).subarray(0, 2).toString()).toBe('PK');
      }
    }, 60_000);
  }
});
