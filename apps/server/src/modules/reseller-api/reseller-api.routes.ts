import { apiErrorResponse, labelTypeListResponse } from '@portal/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { readLabelTypes } from '../label-types/label-types.service.ts';
import { webhookRoutes } from '../webhooks/webhooks.routes.ts';
import { apiKeyHashOf, requireApiKey } from './api-key-auth.ts';
import { registerOpenApi } from './openapi.ts';
import { purchaseLimit } from './purchase-limit.ts';
import { resellerBulkOrderRoutes } from './reseller-bulk-orders.routes.ts';
import { resellerOrderRoutes } from './reseller-orders.routes.ts';
import { resellerShippingDayRoutes } from './reseller-shipping-day.routes.ts';

const tooMany = (_request: FastifyRequest, context: { statusCode: number; ttl: number }) => ({
  statusCode: context.statusCode,
  message: `Too many requests for this API key, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
});

/** A per-key limit (RateLimit-* headers, 429 with Retry-After); none when configured to 0. */
const perKeyLimit = (
  app: FastifyInstance,
  max: number,
  timeWindow: number,
): preHandlerAsyncHookHandler | undefined =>
  max > 0
    ? app.rateLimit({
        max,
        timeWindow,
        keyGenerator: (request) => `api:${apiKeyHashOf(request) ?? request.ip}`,
        errorResponseBuilder: tooMany,
      })
    : undefined;

/** The reseller API (spec section 7), mounted at /api/v2: `x-api-key` only, per-key rate limits. */
export const resellerApiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (v2) => {
    await registerOpenApi(v2, ctx.config);
    await v2.register(keyedRoutes(ctx));
  };

/** Everything that needs a key: label types, orders, bulk orders. */
const keyedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Shop plugins and scripts post forms as often as JSON; fields arrive as text and zod coerces them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.addHook('onRequest', requireApiKey(ctx));
    const { perMinute, purchasesPerSecond } = ctx.config.apiRateLimit;
    const requestLimit = perKeyLimit(app, perMinute, 60_000);
    if (requestLimit) app.addHook('onRequest', requestLimit);
    const purchases = purchasesPerSecond > 0 ? purchaseLimit(ctx.rateLimits, purchasesPerSecond) : undefined;
    // The limiter names its headers once for the whole server (x-ratelimit-*); the API answers with
    // the IETF draft's RateLimit-* names its clients' retry libraries read.
    app.addHook('onSend', async (_request, reply) => {
      for (const name of ['limit', 'remaining', 'reset']) {
        const value = reply.getHeader(`x-ratelimit-${name}`);
        if (value === undefined) continue;
        reply.removeHeader(`x-ratelimit-${name}`);
        // On purchases the tighter per-second budget has already set its own.
        if (!reply.hasHeader(`ratelimit-${name}`)) void reply.header(`ratelimit-${name}`, value);
      }
    });

    app.get(
      '/labeltype/read-types',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readLabelTypes',
          tags: ['Label types'],
          summary: 'The enabled label types with the prices you pay',
          response: { 200: labelTypeListResponse, 401: apiErrorResponse, 429: apiErrorResponse },
        },
      },
      async (request) => ({
        labelTypes: (await readLabelTypes(ctx, currentUser(request).user.id)).filter((t) => t.status),
      }),
    );
    await app.register(resellerOrderRoutes(ctx, purchases), { prefix: '/order' });
    await app.register(resellerBulkOrderRoutes(ctx, purchases), { prefix: '/order' });
    await app.register(resellerShippingDayRoutes(ctx));
    // The key hook above has already named the reseller; the webhook routes need no guard of their own.
    await app.register(webhookRoutes(ctx, { guard: async () => undefined }), { prefix: '/webhooks' });
  };
