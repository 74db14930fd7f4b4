import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../../../test/helper.ts';
import { createEndpoint, drainWebhookDeliveries, startReceiver, startWebhookApp } from './test-support.ts';

describe('/api/v1/webhooks', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let headers: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = headers) =>
    app.inject({ method, url: `/api/v1/webhooks${url}`, headers: as, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = await startWebhookApp();
    receiver = await startReceiver();
    headers = (await signUp(app)).headers;
  });
  afterAll(async () => {
    await drainWebhookDeliveries(app);
    await app.close();
    await receiver.close();
  });

  it('needs a signed-in reseller', async () => {
    expect((await call('GET', '', undefined, {})).statusCode).toBe(401);
  });

  it('refuses URLs that are not https (plain http to localhost only) and unknown events', async () => {
    const plain = await call('POST', '', { url: 'http://example.com/hook', events: ['order.completed'] });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      message: 'The URL must start with https://',
      errors: [{ field: 'url', message: 'The URL must start with https://' }],
    });
    const junk = await call('POST', '', { url: 'not a url', events: ['order.completed'] });
    expect(junk.statusCode).toBe(400);
    const unknown = await call('POST', '', { url: 'https://example.com/h', events: ['order.exploded'] });
    expect(unknown.statusCode).toBe(400);
    const none = await call('POST', '', { url: 'https://example.com/h', events: [] });
    expect(none.statusCode).toBe(400);
  });

  it('creates, lists, updates, regenerates the secret of and deletes an endpoint, up to 5 each', async () => {
    const own = (await signUp(app)).headers;
    const created = await call(
      'POST',
      '',
      { url: 'https://example.com/hooks', events: ['deposit.completed'] },
      own,
    );
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json();
    expect(endpoint).toMatchObject({
      url: 'https://example.com/hooks',
      events: ['deposit.completed'],
      enabled: true,
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const listed = (await call('GET', '', undefined, own)).json();
    expect(listed.endpoints).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const disabled = await call(
      'PATCH',
      `/${endpoint.id}`,
      { enabled: false, events: ['order.completed'] },
      own,
    );
    expect(disabled.json().endpoint).toMatchObject({ enabled: false, events: ['order.completed'] });

    const regenerated = (await call('POST', `/${endpoint.id}/secret`, undefined, own)).json();
    expect(regenerated.secret).toMatch(/^whsec_/);
    expect(regenerated.secret).not.toBe(secret);

    for (let i = 0; i < 4; i += 1)
      expect(
        (await call('POST', '', { url: `https://example.com/${i}`, events: ['order.completed'] }, own))
          .statusCode,
      ).toBe(201);
    const sixth = await call('POST', '', { url: 'https://example.com/6', events: ['order.completed'] }, own);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('You can have up to 5 webhook endpoints');

    expect((await call('DELETE', `/${endpoint.id}`, undefined, headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/${endpoint.id}`, undefined, own)).statusCode).toBe(200);
    expect((await call('GET', '', undefined, own)).json().endpoints).toHaveLength(4);
  });

  it('sends a test event, logs the delivery and resends it with the same event id', async () => {
    const { endpoint, secret } = await createEndpoint(app, headers, { url: receiver.url });
    const sent = await call('POST', `/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    await receiver.waitFor(1);
    const log = async () => (await call('GET', `/${endpoint.id}/deliveries`)).json().deliveries;
    let deliveries = await log();
    for (let i = 0; i < 50 && deliveries[0].status === 'pending'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      deliveries = await log();
    }
    expect(deliveries[0]).toMatchObject({
      eventType: 'test',
      status: 'delivered',
      statusCode: 200,
      attempts: 1,
    });
    expect(deliveries[0].durationMs).toEqual(expect.any(Number));

    const resent = await call('POST', `/${endpoint.id}/deliveries/${deliveries[0].id}/resend`);
    expect(resent.statusCode).toBe(202);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    new Webhook(secret).verify(second!.body, second!.headers as Record<string, string>);
    expect(
      (await call('POST', `/${endpoint.id}/deliveries/00000000-0000-0000-0000-000000000000/resend`))
        .statusCode,
    ).toBe(404);

    await call('PATCH', `/${endpoint.id}`, { enabled: false });
    const refused = await call('POST', `/${endpoint.id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Enable the endpoint before sending a test event');
  });
});
