import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { waitForLabelJobs } from '../../../test/order-fixtures.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** How every client below starts: openapi-fetch typed by the generated types, with the reseller's key. */
const CLIENT_START = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({
  baseUrl: process.env.BASE_URL!,
  headers: { 'x-api-key': process.env.API_KEY! },
});
`;

/** The parcel and addresses of every client's order, the end of its body, and the stop on an error. */
const PARCEL = `    Weight: 3,
    FromName: 'Sam Sender',
    FromStreet: '100 Congress Ave',
    FromCity: 'Austin',
    FromState: 'TX',
    FromZip: '78701',
    ToName: 'Rita Receiver',
    ToStreet: '200 Boylston St',
    ToCity: 'Boston',
    ToState: 'MA',
    ToZip: '02116',
  },
});
if (error) throw new Error(error.message);
`;

/** A client a reseller would write: openapi-fetch typed by the types openapi-typescript generates. */
const CLIENT = `${CLIENT_START}const types = await client.GET('/labeltype/read-types');
const groundOz = types.data!.labelTypes.find((t) => t.uid === 'ground_oz')!;
const { data, error, response } = await client.POST('/order/create-order', {
  params: { header: { 'idempotency-key': 'typed-client-1' } },
  body: {
    labelType: groundOz._id,
${PARCEL}const read = await client.GET('/order/read-order/{order_id}', { params: { path: { order_id: data.orders[0]!._id } } });
console.log(JSON.stringify({ status: response.status, balance: data.balance, order: read.data!.order.status }));
`;

/** The same client asking for a thermal printer's label: ordered as ZPL, waited for, downloaded as text. */
const ZPL_CLIENT = `${CLIENT_START}const { data, error } = await client.POST('/order/create-order', {
  params: { header: { 'idempotency-key': 'typed-client-zpl' } },
  body: {
    labelType: 'ground_oz',
    label_format: 'zpl',
${PARCEL}const order_id = data.orders[0]!._id;
let order = (await client.GET('/order/read-order/{order_id}', { params: { path: { order_id } } })).data!.order;
for (let i = 0; order.status !== 'completed' && i < 300; i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  order = (await client.GET('/order/read-order/{order_id}', { params: { path: { order_id } } })).data!.order;
}
const label = await client.GET('/order/download/{order_id}', {
  params: { path: { order_id }, query: { format: 'zpl', dpi: 203 } },
  parseAs: 'text',
});
console.log(JSON.stringify({
  status: label.response.status,
  type: label.response.headers.get('content-type'),
  disposition: label.response.headers.get('content-disposition'),
  tracking: order.tracking,
  format: order.label_format,
  zpl: label.data,
}));
`;

describe('a TypeScript client generated from the OpenAPI document', () => {
  let app: TestApp;
  let alice: ApiReseller;
  let dir: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    alice = await apiReseller(app, 10_00);
    // Inside node_modules so the client resolves openapi-fetch like a reseller's project would.
    await fs.mkdir(path.join(root, 'node_modules/.cache'), { recursive: true });
    dir = await fs.mkdtemp(path.join(root, 'node_modules/.cache/api-client-'));
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Types generated from the served document once; each client is type-checked against them, then run. */
  let generated: Promise<void> | null = null;
  async function generate() {
    const doc = await app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    await fs.writeFile(path.join(dir, 'openapi.json'), doc.body);
    await run(bin('openapi-typescript'), [path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.ts')]);
    await fs.writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
  }
  async function checkAndRun(file: string, source: string): Promise<string> {
    generated ??= generate();
    await generated;
    await fs.writeFile(path.join(dir, file), source);
    await fs.writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          allowImportingTsExtensions: true,
          types: ['node'],
          typeRoots: [path.join(root, 'node_modules/@types')],
        },
        files: [file],
      }),
    );
    const checked = await run(bin('tsc'), ['-p', dir]).catch((e: { stdout: string }) => e);
    expect(checked.stdout).toBe('');
    const address = app.server.address() as { port: number };
    const { stdout } = await run(bin('tsx'), [path.join(dir, file)], {
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${address.port}/api/v2`, API_KEY: alice.apiKey },
    });
    return stdout;
  }

  it('type-checks against the generated types and places an order', async () => {
    const stdout = await checkAndRun('client.ts', CLIENT);
    expect(JSON.parse(stdout)).toEqual({ status: 201, balance: 7.25, order: 'pending' });
  }, 60_000);

  it('orders a ZPL label and downloads it as a Zebra printer takes it', async () => {
    await startWorkers(app.ctx);
    const answer = JSON.parse(await checkAndRun('zpl-client.ts', ZPL_CLIENT)) as Record<string, string>;
    expect(answer).toMatchObject({ status: 200, type: 'application/zpl', format: 'zpl' });
    expect(answer.disposition).toBe(`attachment; filename="${answer.tracking}.zpl"`);
    expect(answer.zpl!.startsWith('^XA')).toBe(true);
    expect(answer.zpl!.trimEnd().endsWith('^XZ')).toBe(true);
    expect(answer.zpl).toContain('^PW812');
  }, 90_000);
});
