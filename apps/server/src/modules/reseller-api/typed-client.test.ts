import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { apiReseller, type ApiReseller } from './test-support.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** A client a reseller would write: openapi-fetch typed by the types openapi-typescript generates. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({
  baseUrl: process.env.BASE_URL!,
  headers: { 'x-api-key': process.env.API_KEY! },
});
const types = await client.GET('/labeltype/read-types');
const groundOz = types.data!.labelTypes.find((t) => t.uid === 'ground_oz')!;
const { data, error, response } = await client.POST('/order/create-order', {
  params: { header: { 'idempotency-key': 'typed-client-1' } },
  body: {
    labelType: groundOz._id,
    Weight: 3,
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
const read = await client.GET('/order/read-order/{order_id}', { params: { path: { order_id: data.orders[0]!._id } } });
console.log(JSON.stringify({ status: response.status, balance: data.balance, order: read.data!.order.status }));
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
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('type-checks against the generated types and places an order', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    await fs.writeFile(path.join(dir, 'openapi.json'), doc.body);
    await run(bin('openapi-typescript'), [path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.ts')]);
    await fs.writeFile(path.join(dir, 'client.ts'), CLIENT);
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
        files: ['client.ts'],
      }),
    );
    await fs.writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
    const checked = await run(bin('tsc'), ['-p', dir]).catch((e: { stdout: string }) => e);
    expect(checked.stdout).toBe('');

    const address = app.server.address() as { port: number };
    const { stdout } = await run(bin('tsx'), [path.join(dir, 'client.ts')], {
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${address.port}/api/v2`, API_KEY: alice.apiKey },
    });
    expect(JSON.parse(stdout)).toEqual({ status: 201, balance: 7.25, order: 'pending' });
  }, 60_000);
});
