import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packingSlipPdf, sampleOrders } from '../test/fixtures/packing-slips.ts';
import { orderBody, waitFor } from '../test/order-fixtures.ts';
import {
  labelsWarm,
  signInOver,
  startCommand,
  startNodeOptions,
  startServer,
  type ServerProcess,
} from '../test/server-process.ts';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const DEMO_PASSWORD = 'demo-password-123';
const REPORT_LOADS = path.resolve(import.meta.dirname, '../test/fixtures/report-loads.mjs');
/**
 * What a started server must not hold until first used (decisions 344, 359): rarely used parts, and on
 * the embedded database, PostgreSQL's driver for drizzle.
 */
const RARELY_USED: Record<string, RegExp> = {
  "PostgreSQL's drizzle driver": /\/drizzle-orm\/node-postgres\//,
  'the ZIP table': /@bluehive\/zipcodes\//,
  'the S3 client': /\/@aws-sdk\//,
  'the Stripe client': /\/stripe\//,
  'the PayPal client': /\/@paypal\//,
  'the Square client': /\/square\//,
  'the EasyPost client': /\/@easypost\//,
  'the Shippo client': /\/shippo\//,
  'the API reference': /\/@scalar\//,
  'the mail transport': /\/nodemailer\//,
};

/**
 * What `npm start` runs (docs/decisions/190-compiled-server.md): the build of scripts/build.ts on plain
 * node, with no TypeScript loader, on a fresh embedded database, drawing labels in its compiled threads.
 */
describe('compiled server (plain node on the build output)', () => {
  // Beside dist/, so the bundle finds node_modules as the real one does, in a folder ignored everywhere
  // (.tmp/) and not in dist/, which `npm test` swaps for its own build while this file runs (decision 307).
  const outDir = path.join(SERVER_DIR, '.tmp', `compiled-${crypto.randomBytes(4).toString('hex')}`);
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-server-'));
  const main = path.join(outDir, 'main.js');
  let server: ServerProcess;

  beforeAll(async () => {
    await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts', outDir], { cwd: SERVER_DIR });
    server = await startServer(
      { dataDir: path.join(dataRoot, 'data') },
      {
        SEED_DEMO: '1',
        DEMO_PASSWORD,
        NODE_OPTIONS: `--import=${REPORT_LOADS}`,
        REPORT_LOADS: Object.values(RARELY_USED)
          .map((pattern) => pattern.source)
          .join('|'),
      },
      { compiledMain: main },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataRoot, { recursive: true, force: true });
  });

  it('runs without a TypeScript loader: plain node, and no build file imports tsx', () => {
    expect(server.child.spawnargs).toEqual([process.execPath, ...startNodeOptions(), main]);
    expect(startNodeOptions()).toContain('--enable-source-maps');
    const files = fs.readdirSync(outDir).filter((file) => /\.m?js$/.test(file));
    expect(files).toEqual(
      expect.arrayContaining([
        'main.js',
        'render-thread.mjs',
        'pdf-text-worker.mjs',
        'password-checker-thread.mjs',
      ]),
    );
    for (const file of files) {
      const code = fs.readFileSync(path.join(outDir, file), 'utf8');
      expect(code, file).not.toMatch(/["']tsx(\/[^"']*)?["']/);
      expect(code, file).not.toMatch(/(\bfrom|\bimport\s*\()\s*["'][^"']*\.ts["']/);
    }
  });

  it('runs with the heap and WebAssembly limits of npm start, in the container as from the command line', () => {
    // Decision 217: a capped young generation and a 1 GB old one keep the process small at rest and
    // make V8 collect during a bulk order instead of letting garbage grow toward its 4 GB default.
    // Decision 220: the embedded database's WebAssembly tiers up to optimized code only where it is hot.
    expect(startNodeOptions()).toEqual(
      expect.arrayContaining([
        '--max-semi-space-size=4',
        '--max-old-space-size=1024',
        '--wasm-tiering-budget=180000000',
      ]),
    );
    const dockerfile = fs.readFileSync(path.join(SERVER_DIR, '../../Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd).toEqual(['node', ...startNodeOptions(), 'apps/server/dist/main.js']);
  });

  it('runs with the malloc trim threshold of npm start, in the container as from the command line', () => {
    // Decision 219: glibc returns freed memory (a warm-up's compiler zones, an argon2 hash) to the system.
    const tunables = 'glibc.malloc.trim_threshold=131072';
    expect(startCommand().env).toEqual({ GLIBC_TUNABLES: tunables });
    const environ = fs.readFileSync(`/proc/${server.child.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`GLIBC_TUNABLES=${tunables}`);
    const dockerfile = fs.readFileSync(path.join(SERVER_DIR, '../../Dockerfile'), 'utf8');
    expect(dockerfile.split('\n').map((line) => line.trim())).toContain(`GLIBC_TUNABLES=${tunables} \\`);
  });

  it('loads the PDF, font, barcode, password, API-reference, storage, payment and shipping libraries on first use, not at start', () => {
    // What main.js imports statically, followed through its chunks (decision 216).
    const loadedAtStart = new Set<string>();
    const visit = (file: string): void => {
      const code = fs.readFileSync(path.join(outDir, file), 'utf8');
      for (const [, from, bare] of code.matchAll(
        /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm,
      )) {
        const specifier = (from ?? bare)!;
        if (!specifier.startsWith('./')) loadedAtStart.add(specifier);
        else if (!loadedAtStart.has(specifier)) {
          loadedAtStart.add(specifier);
          visit(specifier.slice(2));
        }
      }
    };
    visit('main.js');
    expect(loadedAtStart).toContain('fastify');
    for (const lazy of [
      'pdf-lib',
      '@pdf-lib/fontkit',
      'bwip-js/node',
      '@scalar/fastify-api-reference',
      '@zxcvbn-ts/core',
      '@aws-sdk/client-s3',
      '@aws-sdk/s3-request-presigner',
      '@easypost/api',
      'shippo',
      'stripe',
      '@paypal/paypal-server-sdk',
      'square',
    ])
      expect(loadedAtStart, lazy).not.toContain(lazy);
  });

  it('has loaded none of the rarely used parts once started, and reads the ZIP table on its first lookup', async () => {
    // What the running server took in, modules imported dynamically at start included (decision 359).
    await labelsWarm(server.baseUrl);
    for (const [part, pattern] of Object.entries(RARELY_USED))
      expect(server.output().split('\n'), part).not.toContainEqual(expect.stringMatching(pattern));
    const headers = await signInOver(server.baseUrl, 'demo', DEMO_PASSWORD);
    const res = await fetch(`${server.baseUrl}/api/v1/address/zip/10118`, { headers });
    expect(await res.json()).toEqual({ zip: '10118', city: 'New York', state: 'NY' });
    expect(server.output()).toMatch(/^read .*@bluehive\/zipcodes\/lib\/codes\.js$/m);
  });

  it('migrates an empty database and draws a label in its compiled render threads', async () => {
    await labelsWarm(server.baseUrl);
    const headers = await signInOver(server.baseUrl, 'demo', DEMO_PASSWORD);
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${server.baseUrl}/api/v1${url}`, {
        ...init,
        headers: { ...headers, 'content-type': 'application/json' },
      });
    const { labelTypes } = (await (await api('/labeltype/read')).json()) as {
      labelTypes: { uid: string; _id: string }[];
    };
    const groundOz = labelTypes.find((t) => t.uid === 'ground_oz')!;
    const created = await api('/order/create', {
      method: 'POST',
      body: JSON.stringify(orderBody(groundOz._id)),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const [order] = ((await created.json()) as { orders: { _id: string }[] }).orders;

    const download = await waitFor(
      () => api(`/order/download/${order!._id}`),
      (res) => res.status === 200,
    );
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('reads Amazon packing slips in its compiled PDF reader thread', async () => {
    const headers = await signInOver(server.baseUrl, 'demo', DEMO_PASSWORD);
    const form = new FormData();
    const from = { fromName: 'Jordan Avery', fromStreet1: '1200 Barton Springs Rd', fromCity: 'Austin' };
    for (const [name, value] of Object.entries({ ...from, fromState: 'TX', fromZip: '78704', weight: '1.5' }))
      form.append(name, value);
    const pdf = await packingSlipPdf(sampleOrders);
    form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'slips.pdf');
    const res = await fetch(`${server.baseUrl}/api/v1/amazon/generate-csv`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-orders-count')).toBe(String(sampleOrders.length));
  });

  it('reports errors at TypeScript source lines (source maps)', async () => {
    const notADir = path.join(dataRoot, 'file');
    fs.writeFileSync(notADir, '');
    const failed = await run(process.execPath, ['--enable-source-maps', main], {
      env: { PATH: process.env.PATH, DATA_DIR: path.join(notADir, 'data'), LOG_LEVEL: 'silent' },
    }).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failed?.stderr).toMatch(/ENOTDIR[\s\S]*\(.*src[/\\]db[/\\]client\.ts:\d+:\d+\)/);
  });
});
