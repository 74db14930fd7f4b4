import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type SideProcess = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * A process a spec needs beside the shared server (the shared server is the config's `webServer`): started
 * in its own process group so stopping it ends its children too, and stopped by the spec that started it.
 */
async function startSide(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => Promise<string | null>,
  timeoutMs: number,
): Promise<SideProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${output}`);
    const url = await ready(output);
    if (url) return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`${command} ${args.join(' ')} was not ready in ${timeoutMs} ms:\n${output}`);
}

/**
 * A second LabelPort from the same compiled build as the shared server, on its own database, with the
 * settings a spec needs (say, a test-mode tracking walk of a few seconds a step). The demo accounts are
 * seeded as on the shared server.
 */
export function startPortal(port: number, env: Record<string, string>): Promise<SideProcess> {
  const url = `http://localhost:${port}`;
  return startSide(
    'npm',
    ['start', '--silent', '-w', '@portal/server'],
    {
      PORT: String(port),
      DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-${port}`,
      SEED_DEMO: '1',
      DEMO_PASSWORD: 'demo-password-123',
      DEMO_ADMIN_PASSWORD: 'admin-password-123',
      ALTCHA_MAX_NUMBER: '20000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    async () => {
      const answer = await fetch(`${url}/readyz`).catch(() => null);
      return answer?.ok ? url : null;
    },
    120_000,
  );
}

/**
 * The EasyPost fake the server's tests use, as a process (`apps/server/test/fakes/easypost-fake-main.ts`):
 * its refunds answer `submitted` and are confirmed `refundAfterMs` later, as a carrier confirms a void, or
 * when the spec calls `confirmRefunds()`.
 */
export async function startEasyPostFake(
  refundAfterMs: number,
): Promise<SideProcess & { apiKey: string; confirmRefunds: () => Promise<number> }> {
  let apiKey = '';
  let control = '';
  const side = await startSide(
    'npx',
    ['tsx', 'apps/server/test/fakes/easypost-fake-main.ts'],
    { EASYPOST_FAKE_REFUND_AFTER_MS: String(refundAfterMs) },
    async (output) => {
      const match = /EASYPOST_FAKE_URL=(\S+) EASYPOST_FAKE_KEY=(\S+) EASYPOST_FAKE_CONTROL=(\S+)/.exec(
        output,
      );
      if (!match) return null;
      apiKey = match[2]!;
      control = match[3]!;
      return match[1]!;
    },
    60_000,
  );
  const confirmRefunds = async () => {
    const res = await fetch(`${control}/confirm-refunds`, { method: 'POST' });
    return ((await res.json()) as { confirmed: number }).confirmed;
  };
  return { ...side, apiKey, confirmRefunds };
}

/** The Stripe fake the server's tests use, as a process (`apps/server/test/fakes/stripe-fake-main.ts`). */
export async function startStripeFake(): Promise<SideProcess & { secretKey: string }> {
  let secretKey = '';
  const side = await startSide(
    'npx',
    ['tsx', 'apps/server/test/fakes/stripe-fake-main.ts'],
    {},
    async (output) => {
      const match = /STRIPE_FAKE_URL=(\S+) STRIPE_FAKE_KEY=(\S+)/.exec(output);
      if (!match) return null;
      secretKey = match[2]!;
      return match[1]!;
    },
    60_000,
  );
  return { ...side, secretKey };
}

/** The PayPal fake the server's tests use, as a process (`apps/server/test/fakes/paypal-fake-main.ts`). */
export async function startPaypalFake(): Promise<SideProcess & { clientId: string; clientSecret: string }> {
  let clientId = '';
  let clientSecret = '';
  const side = await startSide(
    'npx',
    ['tsx', 'apps/server/test/fakes/paypal-fake-main.ts'],
    {},
    async (output) => {
      const match = /PAYPAL_FAKE_URL=(\S+) PAYPAL_FAKE_CLIENT_ID=(\S+) PAYPAL_FAKE_CLIENT_SECRET=(\S+)/.exec(
        output,
      );
      if (!match) return null;
      [clientId, clientSecret] = [match[2]!, match[3]!];
      return match[1]!;
    },
    60_000,
  );
  return { ...side, clientId, clientSecret };
}

/** The Square fake the server's tests use, as a process (`apps/server/test/fakes/square-fake-main.ts`). */
export async function startSquareFake(): Promise<SideProcess & { accessToken: string; locationId: string }> {
  let accessToken = '';
  let locationId = '';
  const side = await startSide(
    'npx',
    ['tsx', 'apps/server/test/fakes/square-fake-main.ts'],
    {},
    async (output) => {
      const match = /SQUARE_FAKE_URL=(\S+) SQUARE_FAKE_ACCESS_TOKEN=(\S+) SQUARE_FAKE_LOCATION_ID=(\S+)/.exec(
        output,
      );
      if (!match) return null;
      [accessToken, locationId] = [match[2]!, match[3]!];
      return match[1]!;
    },
    60_000,
  );
  return { ...side, accessToken, locationId };
}
