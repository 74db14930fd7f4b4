/**
 * The real server as a child process (`node --import tsx src/main.ts`, or plain node on a compiled build),
 * for the crash test, the compiled-server test and the bulk benchmark: start it on a database, kill it,
 * read its memory, and talk to it over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { TEST_ENV } from './config.ts';
import { freePort } from './postgres-cluster.ts';
import { totpCodeAt } from '../src/modules/two-factor/totp.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * `npm start` (apps/server/package.json): the environment it sets, such as glibc's malloc trim threshold
 * (decision 219), and its node options, such as its heap limits (decision 217), so a compiled server
 * started here runs as in production. The Dockerfile's ENV and CMD repeat them.
 */
export function startCommand(): { env: Record<string, string>; nodeOptions: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node' || args.at(-1) !== 'dist/main.js')
    throw new Error(
      `npm start is no longer "[NAME=value ...] node <options> dist/main.js": ${manifest.scripts.start}`,
    );
  return { env, nodeOptions: args.slice(0, -1) };
}

/** The node options of `npm start`. */
export const startNodeOptions = (): string[] => startCommand().nodeOptions;

/**
 * A new database in the cluster of `adminUrl` (a postgres:// URL ending in /postgres): empty, or a copy of
 * the database named `template` (the test run's migrated one).
 */
export async function createDatabaseIn(
  adminUrl: string,
  prefix = 'bulk',
  template?: string,
): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** What the server printed (warnings and errors at LOG_LEVEL=warn), for a failing test's message. */
  output: () => string;
  /** Peak and current resident memory of the process in MB, from /proc (Linux). */
  memory: () => { peakRssMb: number; rssMb: number };
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the server on `databaseUrl` (or on the embedded database in `{ dataDir }`) and resolves once
 * /readyz answers (migrated, workers running). With `compiledMain` (a built main.js), it runs that with
 * plain node, as `npm start` does; `nodeArgs` go to node first (a bench's `--cpu-prof`).
 */
export async function startServer(
  database: string | { dataDir: string },
  env: Record<string, string> = {},
  { compiledMain, nodeArgs = [] }: { compiledMain?: string; nodeArgs?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const args = [
    ...nodeArgs,
    ...(compiledMain ? [...startNodeOptions(), compiledMain] : ['--import', 'tsx', 'src/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      ...(typeof database === 'string' ? { DATABASE_URL: database } : { DATA_DIR: database.dataDir }),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...TEST_ENV,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...(compiledMain ? startCommand().env : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    memory: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { peakRssMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Waits for the render threads' warm-up (/readyz `labels`), so a bench or test measures its own work, not start-up. */
export async function labelsWarm(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { labels?: string };
    if (ready.labels === 'warm') return;
    if (Date.now() > deadline) throw new Error(`label renderer not warm after 60 s (${ready.labels})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A solved captcha of the server at `baseUrl`, as the sign-in and register forms send it. */
async function captchaTokenOver(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/v1/auth/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const postJson = (baseUrl: string, url: string, body: object) =>
  fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs in through the API (solving the captcha); returns the bearer headers. */
export async function signInOver(
  baseUrl: string,
  discordId: string,
  password: string,
): Promise<Record<string, string>> {
  const login = await postJson(baseUrl, '/api/v1/auth/login', {
    discordId,
    password,
    captchaToken: await captchaTokenOver(baseUrl),
  });
  if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** Turns on the signed-in account's second factor through the API, as staff must before the console answers. */
export async function enrolTwoFactorOver(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const setup = await fetch(`${baseUrl}/api/v1/account/2fa/setup`, { method: 'POST', headers });
  if (setup.status !== 200) throw new Error(`2fa setup failed: ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await fetch(`${baseUrl}/api/v1/account/2fa/enable`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ code: totpCodeAt(secret) }),
  });
  if (enable.status !== 200) throw new Error(`2fa enable failed: ${await enable.text()}`);
}

/** Registers and signs in a reseller through the API (solving the captcha); returns id and headers. */
export async function signUpOver(baseUrl: string): Promise<{ id: string; headers: Record<string, string> }> {
  const captchaToken = () => captchaTokenOver(baseUrl);
  const post = (url: string, body: object) => postJson(baseUrl, url, body);
  const discordId = `bulk_${crypto.randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery';
  const reg = await post('/api/v1/auth/register', {
    username: 'Bulk Reseller',
    discordId,
    password,
    captchaToken: await captchaToken(),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${await reg.text()}`);
  const headers = await signInOver(baseUrl, discordId, password);
  const me = (await (await fetch(`${baseUrl}/api/v1/auth/access`, { headers })).json()) as { _id: string };
  return { id: me._id, headers };
}

/** Sends a CSV form (validatecsv or createOrderFromCSV) the way the browser does. */
export async function postCsvForm(
  baseUrl: string,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  csv: Uint8Array,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('csv', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  return fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: form });
}

/**
 * Prices a CSV of bulk rows (validatecsv) and pays exactly that total (createOrderFromCSV), as the CSV
 * Orders page does; the bulk order's id and its total in dollars.
 */
export async function payCsvOver(
  baseUrl: string,
  headers: Record<string, string>,
  { labelTypeId, design, csv }: { labelTypeId: string; design?: string; csv: Uint8Array },
): Promise<{ bulkId: string; totalPrice: number }> {
  const designField: Record<string, string> = design ? { design } : {};
  const validated = await postCsvForm(
    baseUrl,
    '/api/v1/order/validatecsv',
    headers,
    { labeltype: labelTypeId, ...designField },
    csv,
  );
  if (validated.status !== 200)
    throw new Error(`validatecsv answered ${validated.status}: ${await validated.text()}`);
  const { totalPrice } = (await validated.json()) as { totalPrice: number };
  const paid = await postCsvForm(
    baseUrl,
    '/api/v1/order/createOrderFromCSV',
    headers,
    { type: labelTypeId, ...designField, total_price: totalPrice.toFixed(2) },
    csv,
  );
  if (paid.status !== 201)
    throw new Error(`createOrderFromCSV answered ${paid.status}: ${await paid.text()}`);
  const { bulkOrder } = (await paid.json()) as { bulkOrder: { _id: string } };
  return { bulkId: bulkOrder._id, totalPrice };
}

/**
 * Asks `${baseUrl}/healthz` every 50 ms from its own small process: says `ready` after its first answer,
 * and when its stdin closes prints the slowest answer in ms and how many it timed. A probe inside the
 * test's own process would also time that process's pauses (reading a large download, collecting its
 * garbage), which are not the server's.
 */
const HEALTH_PROBE = `
let slowestMs = 0;
let answers = 0;
let stopped = false;
process.stdin.on('data', () => {});
process.stdin.on('end', () => { stopped = true; });
(async () => {
  while (!stopped) {
    const started = performance.now();
    await (await fetch(process.argv[1] + '/healthz')).arrayBuffer();
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (++answers === 1) process.stdout.write('ready\\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write(JSON.stringify({ slowestMs, answers }));
})();
`;

/** Runs `work` while another process asks the server's /healthz every 50 ms; the slowest answer in ms. */
export async function whileProbingHealth<T>(
  baseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number }> {
  const probe = spawn(process.execPath, ['-e', HEALTH_PROBE, baseUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => probe.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    probe.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('ready\n')) resolve();
    });
    void exited.then((code) =>
      reject(new Error(`the /healthz probe ended with ${code} before its first answer`)),
    );
  });
  try {
    await ready;
    const result = await work();
    probe.stdin.end();
    const code = await exited;
    const { slowestMs, answers } = JSON.parse(output.slice('ready\n'.length) || '{}') as {
      slowestMs?: number;
      answers?: number;
    };
    if (code !== 0 || slowestMs === undefined || !answers)
      throw new Error(`the /healthz probe ended with ${code}: "${output}"`);
    return { result, slowestMs };
  } finally {
    if (probe.exitCode === null) probe.kill();
  }
}
