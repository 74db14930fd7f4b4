import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { createPostgresDatabaseUrl, signUp, type TestApp } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createEndpoint, startReceiver, startWebhookApp } from './test-support.ts';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const track = <T extends TestApp | Receiver>(x: T): T => {
  cleanups.push(() => x.close());
  return x;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sendTest = async (app: TestApp, headers: Record<string, string>, id: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/test`, headers });
  expect(res.statusCode).toBe(202);
  return (res.json() as { eventId: string }).eventId;
};
const deliveriesOf = async (app: TestApp, headers: Record<string, string>, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries`, headers })).json().deliveries;

describe('webhook delivery to a real receiver', () => {
  it('signs with the Standard Webhooks scheme, so the standardwebhooks package verifies it', async () => {
    const app = track(await startWebhookApp());
    const receiver = track(await startReceiver());
    const { headers } = await signUp(app);
    const { endpoint, secret } = await createEndpoint(app, headers, { url: receiver.url });
    expect(secret).toMatch(/^whsec_/);
    const eventId = await sendTest(app, headers, endpoint.id);

    const [request] = await receiver.waitFor(1);
    const payload = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(payload).toMatchObject({ id: eventId, type: 'test', data: { message: expect.any(String) } });
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret!!').toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();
    await sleep(300);
    const [logged] = await deliveriesOf(app, headers, endpoint.id);
    expect(logged).toMatchObject({
      eventId,
      eventType: 'test',
      status: 'delivered',
      statusCode: 200,
      attempts: 1,
    });
  });

  it('retries a 500 and delivers once the receiver answers 200', async () => {
    const app = track(await startWebhookApp());
    const receiver = track(await startReceiver((n) => (n === 1 ? 500 : 200)));
    const { headers } = await signUp(app);
    const { endpoint } = await createEndpoint(app, headers, { url: receiver.url });
    const eventId = await sendTest(app, headers, endpoint.id);

    const [first, second] = await receiver.waitFor(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(800);
    expect(second!.headers['webhook-id']).toBe(eventId);
    await sleep(3000);
    expect(receiver.received).toHaveLength(2);
    const [logged] = await deliveriesOf(app, headers, endpoint.id);
    expect(logged).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 2, nextRetryAt: null });
  });

  it('does not retry a 400', async () => {
    const app = track(await startWebhookApp());
    const receiver = track(await startReceiver(() => 400));
    const { headers } = await signUp(app);
    const { endpoint } = await createEndpoint(app, headers, { url: receiver.url });
    await sendTest(app, headers, endpoint.id);

    await receiver.waitFor(1);
    await sleep(4000);
    expect(receiver.received).toHaveLength(1);
    const [logged] = await deliveriesOf(app, headers, endpoint.id);
    expect(logged).toMatchObject({ status: 'failed', statusCode: 400, attempts: 1, error: 'HTTP 400' });
  });

  it('disables an endpoint failing for 3 days straight and e-mails its owner, if verified', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const app = track(await startWebhookApp(undefined, { SMTP_URL: smtp.url }));
    const receiver = track(await startReceiver(() => 400));
    const failingFor3Days = async (email: string, verified: boolean) => {
      const { headers } = await signUp(app);
      const { _id } = (await app.inject({ url: '/api/v1/auth/access', headers })).json();
      await app.database.db.update(users).set({ email, emailVerified: verified }).where(eq(users.id, _id));
      const { endpoint } = await createEndpoint(app, headers, { url: receiver.url });
      await app.database.db
        .update(webhookEndpoints)
        .set({ failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return { headers, endpoint };
    };
    const verified = await failingFor3Days('hooks@example.com', true);
    const unverified = await failingFor3Days('unconfirmed@example.com', false);
    await sendTest(app, verified.headers, verified.endpoint.id);
    await sendTest(app, unverified.headers, unverified.endpoint.id);
    await receiver.waitFor(2);

    const mail = await smtp.waitForMail('hooks@example.com');
    expect(mail.subject).toBe('Your LabelPort webhook endpoint was disabled');
    expect(mail.text).toContain(
      `Every delivery to your webhook endpoint ${receiver.url} has failed for 3 days`,
    );
    expect(mail.text).toContain('enable it again in Account Setting > Webhooks');
    for (const { headers } of [verified, unverified]) {
      const list = (await app.inject({ method: 'GET', url: '/api/v1/webhooks', headers })).json();
      expect(list.endpoints[0]).toMatchObject({ enabled: false, disabledReason: 'Failing for 3 days' });
    }
    // An unverified address is never written to.
    await sleep(1000);
    expect(smtp.mails.flatMap((m) => m.to)).toEqual(['hooks@example.com']);
  });
});

describe('webhook delivery on PostgreSQL', () => {
  it('still delivers when the server restarts in the middle of the retries', async () => {
    const url = await createPostgresDatabaseUrl();
    const receiver = track(await startReceiver((n) => (n === 1 ? 503 : 200)));
    const first = await startWebhookApp(url, { WEBHOOK_RETRY_BASE_SECONDS: '3' });
    const { headers } = await signUp(first);
    const { endpoint, secret } = await createEndpoint(first, headers, { url: receiver.url });
    await sendTest(first, headers, endpoint.id);
    await receiver.waitFor(1);
    await sleep(300);
    await first.close();

    const second = track(await startWebhookApp(url, { WEBHOOK_RETRY_BASE_SECONDS: '3' }));
    const received = await receiver.waitFor(2);
    new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>);
    await sleep(500);
    const [logged] = await deliveriesOf(second, headers, endpoint.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('delivers each event once with two server instances on one database', async () => {
    const url = await createPostgresDatabaseUrl();
    const receiver = track(await startReceiver());
    const a = track(await startWebhookApp(url));
    const b = track(await startWebhookApp(url));
    const { headers } = await signUp(a);
    const { endpoint } = await createEndpoint(a, headers, { url: receiver.url });
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await sendTest(i % 2 ? a : b, headers, endpoint.id));

    await receiver.waitFor(40);
    await sleep(2000);
    const seen = receiver.received.map((r) => r.headers['webhook-id']);
    expect(seen).toHaveLength(40);
    expect(new Set(seen)).toEqual(new Set(ids));
    const rows = await a.database.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.every((r) => r.status === 'delivered')).toBe(true);
  });
});
