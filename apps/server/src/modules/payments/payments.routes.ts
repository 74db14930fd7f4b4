import {
  createPaymentProviderBody,
  paymentProviderResponse,
  paymentProvidersResponse,
  providerTestResponse,
  updatePaymentProviderBody,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { createPaymentProvider } from './create-payment-provider.ts';
import { readPaymentProviders, testPaymentProvider } from './read-payment-providers.ts';
import { removePaymentProvider } from './remove-payment-provider.ts';
import { updatePaymentProviderById } from './update-payment-provider.ts';

const tags = ['admin'];
const params = uuidParams({ id: 'Payment provider not found' });
/** Staff's change is saved either way; what the company could not do is said after it. */
const savedMessage = (done: string, notice: string | null) => (notice ? `${done}, but ${notice}` : done);

/** `/api/v1/admin/payment-providers`: payment companies taking deposits (staff only, audited writes). */
export const adminPaymentProviderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { tags, response: { 200: paymentProvidersResponse } } }, async () => ({
      providers: await readPaymentProviders(ctx),
    }));
    app.post(
      '/',
      { schema: { tags, body: createPaymentProviderBody, response: { 201: paymentProviderResponse } } },
      async (request, reply) => {
        const { provider, notice } = await createPaymentProvider(ctx, {
          actor: staffActor(request),
          body: request.body,
        });
        return reply.code(201).send({ message: savedMessage(`${provider.name} added`, notice), provider });
      },
    );
    app.put(
      '/:id',
      {
        schema: { tags, params, body: updatePaymentProviderBody, response: { 200: paymentProviderResponse } },
      },
      async (request) => {
        const { provider, notice } = await updatePaymentProviderById(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          body: request.body,
        });
        return { message: savedMessage(`${provider.name} saved`, notice), provider };
      },
    );
    app.delete(
      '/:id',
      { schema: { tags, params, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => ({
        message: await removePaymentProvider(ctx, { actor: staffActor(request), id: request.params.id }),
      }),
    );
    app.post(
      '/:id/test',
      { schema: { tags, params, response: { 200: providerTestResponse } } },
      async (request) => testPaymentProvider(ctx, request.params.id),
    );
  };
