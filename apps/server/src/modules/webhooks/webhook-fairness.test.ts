import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../../../test/helper.ts';
import { CONCURRENCY_PER_ENDPOINT, CONCURRENCY_PER_RESELLER } from './webhook-delivery.ts';
import { createEndpoint, startReceiver, startSilentReceiver, startWebhookApp } from './test-support.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const track = <T extends { close: () => Promise<void> }>(x: T): T => {
  cleanups.push(() => x.close());
  return x;
};
// Each test starts its own app and waits out real timeouts.
const SLOW = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sendTest = (app: TestApp, headers: Record<string, string>, id: string) =>
  app.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/test`, headers });

/** Decision 271: one reseller's dead endpoints and test-event loops cannot hold up everyone else. */
describe('webhook fairness', () => {
  it(
    "delivers another reseller's event at once while five endpoints of one reseller never answer",
    async () => {
      const app = track(await startWebhookApp(undefined, { WEBHOOK_TIMEOUT_SECONDS: '20' }));
      const dead = track(await startSilentReceiver());
      const healthy = track(await startReceiver());
      const flooder = await signUp(app);
      for (let e = 0; e < 5; e += 1) {
        const { endpoint } = await createEndpoint(app, flooder.headers, { url: dead.url(`hooks-${e}`) });
        for (let i = 0; i < 8; i += 1)
          expect((await sendTest(app, flooder.headers, endpoint.id)).statusCode).toBe(202);
      }
      await sleep(500);
      const other = await signUp(app);
      const { endpoint } = await createEndpoint(app, other.headers, { url: healthy.url });
      const sentAt = Date.now();
      expect((await sendTest(app, other.headers, endpoint.id)).statusCode).toBe(202);

      const [delivered] = await healthy.waitFor(1, 15_000);
      // Well inside the 20 s that each of the dead endpoints' attempts waits.
      expect(delivered!.at - sentAt).toBeLessThan(6_000);
      expect(dead.stats().mostOpen).toBeLessThanOrEqual(CONCURRENCY_PER_RESELLER);
    },
    SLOW,
  );

  it(
    'pauses an endpoint that timed out instead of sending it the next attempts',
    async () => {
      const app = track(
        await startWebhookApp(undefined, { WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_RETRY_BASE_SECONDS: '5' }),
      );
      const dead = track(await startSilentReceiver());
      const { headers } = await signUp(app);
      const { endpoint } = await createEndpoint(app, headers, { url: dead.url() });
      for (let i = 0; i < CONCURRENCY_PER_ENDPOINT + 2; i += 1) await sendTest(app, headers, endpoint.id);

      await sleep(4_000);
      // The first attempts (as many as one endpoint may have in flight) timed out after 1 s; the endpoint
      // then waits out its pause (5 s here) before anything else is sent to it.
      expect(dead.stats().received).toBe(CONCURRENCY_PER_ENDPOINT);
    },
    SLOW,
  );

  it(
    'answers 429 to test events and resends beyond the budget per minute',
    async () => {
      const app = track(await startWebhookApp(undefined, { WEBHOOK_SENDS_PER_MINUTE: '3' }));
      const receiver = track(await startReceiver());
      const { headers } = await signUp(app);
      const { endpoint } = await createEndpoint(app, headers, { url: receiver.url });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await sendTest(app, headers, endpoint.id)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const refused = await sendTest(app, headers, endpoint.id);
      expect(refused.json().message).toMatch(
        /^Too many test events and resends, please try again in \d+ seconds$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      await receiver.waitFor(3);
      const { deliveries } = (
        await app.inject({ method: 'GET', url: `/api/v1/webhooks/${endpoint.id}/deliveries`, headers })
      ).json();
      const resend = await app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${endpoint.id}/deliveries/${deliveries[0].id}/resend`,
        headers,
      });
      expect(resend.statusCode).toBe(429);
      // Another reseller has a budget of their own.
      const other = await signUp(app);
      const own = await createEndpoint(app, other.headers, { url: receiver.url });
      expect((await sendTest(app, other.headers, own.endpoint.id)).statusCode).toBe(202);
    },
    SLOW,
  );
});
