import { uuidParams } from '@portal/shared';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE, registerErrorHandling } from './error-handler.ts';

const ID = '3f2b8c1e-9a4d-4e6f-b7a1-0c2d3e4f5a6b';

async function withRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  app.post(
    '/orders/:id',
    { schema: { params: uuidParams({ id: 'Order not found' }), body: z.object({ reason: z.string() }) } },
    async (request) => ({ id: request.params.id }),
  );
  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      schema: { params: uuidParams({ id: 'Webhook endpoint not found', deliveryId: 'Delivery not found' }) },
    },
    async () => ({}),
  );
  return app;
}

describe('ids at the route edge', () => {
  it("answers a path id that is not a UUID with the route's 404, before reading the body", async () => {
    const app = await withRoutes();
    const res = await app.inject({ method: 'POST', url: '/orders/not-a-uuid', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Order not found' });
    await app.close();
  });

  it('names the first id that is wrong', async () => {
    const app = await withRoutes();
    const both = await app.inject({ method: 'GET', url: '/webhooks/x/deliveries/y' });
    expect([both.statusCode, both.json()]).toEqual([404, { message: 'Webhook endpoint not found' }]);
    const delivery = await app.inject({ method: 'GET', url: `/webhooks/${ID}/deliveries/y` });
    expect([delivery.statusCode, delivery.json()]).toEqual([404, { message: 'Delivery not found' }]);
    await app.close();
  });

  it('lets a UUID through, and a bad body is still a 400 naming the field', async () => {
    const app = await withRoutes();
    const ok = await app.inject({ method: 'POST', url: `/orders/${ID}`, payload: { reason: 'late' } });
    expect([ok.statusCode, ok.json()]).toEqual([200, { id: ID }]);
    const bad = await app.inject({ method: 'POST', url: `/orders/${ID}`, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'reason', message: expect.any(String) }]);
    await app.close();
  });
});

describe('the database away', () => {
  /** An app whose one route fails with `error`, as a statement would. */
  async function failingWith(error: Error) {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/orders', async () => {
      throw error;
    });
    return app;
  }
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  /** How drizzle hands on the driver's error: as the cause of its own. */
  const fromDrizzle = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

  it.each([
    [
      'the server shutting down',
      fromDrizzle(withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['the server still starting', withCode('the database system is starting up', '57P03')],
    ['a refused connection', fromDrizzle(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['a connection cut under a statement', fromDrizzle(new Error('Connection terminated unexpectedly'))],
    ['no address answering', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])],
  ])('answers 503 with a plain message and no internals for %s', async (_what, error) => {
    const app = await failingWith(error);
    const res = await app.inject({ method: 'GET', url: '/orders' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    await app.close();
  });

  it('still answers 500 for a statement the database refused', async () => {
    const app = await failingWith(
      fromDrizzle(withCode('duplicate key value violates unique constraint', '23505')),
    );
    const res = await app.inject({ method: 'GET', url: '/orders' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side, please try again' });
    await app.close();
  });
});
