import { uuidParams } from '@portal/shared';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './error-handler.ts';

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
