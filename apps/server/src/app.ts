import { trackingInboundRoutes } from './modules/tracking/tracking-inbound.ts';
import { paymentInboundRoutes } from './modules/payments/payment-inbound.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { websiteRoutes } from './modules/settings/website.routes.ts';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCaptchaVerifier } from './captcha/index.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { resolveSecret } from './db/secrets.ts';
import { redactUrl } from './lib/redact-url.ts';
import { openFileStore } from './files/index.ts';
import { queueDefinitions, startPgBossQueue } from './jobs/index.ts';
import {
  createDownloadLimiter,
  createProviderRegistry,
  createRenderPool,
  createTestModeProvider,
  inlineRenderer,
} from './labels/index.ts';
import { isLabelMergingLoaded } from './labels/files/merge-in-layout.ts';
import { withTestRejections } from './labels/providers/test-rejections.ts';
import { createSealer } from './lib/tokens.ts';
import { createMailer } from './mail/mailer.ts';
import { devOutboxRoutes } from './mail/outbox.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { recoveryRoutes } from './modules/account/recovery.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { cancelAndRefund } from './modules/refunds/refund-order.ts';
import { addressRoutes } from './modules/addresses/addresses.routes.ts';
import { amazonRoutes } from './modules/amazon/amazon.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { courierRoutes } from './modules/courier/courier.routes.ts';
import { bulkOrderRoutes } from './modules/bulk-orders/bulk-orders.routes.ts';
import { validateCsvRoutes } from './modules/bulk-orders/validate-csv.routes.ts';
import { labelTypeRoutes } from './modules/label-types/label-types.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { slipsAndReturnsRoutes } from './modules/orders/slips-and-returns.routes.ts';
import { resellerApiRoutes } from './modules/reseller-api/reseller-api.routes.ts';
import { refundRequestRoutes } from './modules/refunds/refund-request.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { webhookSubscriber } from './modules/order-webhooks/order-webhooks.service.ts';
import { trackingSubscriber } from './modules/tracking/tracking-polls.ts';
import { pickupRoutes, scanFormRoutes } from './modules/shipping-day/shipping-day.routes.ts';
import { requireUser } from './plugins/authenticate.ts';
import { guardPermissions, type DeclaredRoute } from './plugins/permissions.ts';
import { teamRoutes } from './modules/teams/teams.routes.ts';
import { AccessLog } from './plugins/access-log.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { refuseNulCharacters } from './plugins/refuse-nul.ts';
import { limitConnections } from './plugins/connection-limits.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { requestId } from './plugins/request-id.ts';
import { compiledSerializerCompiler } from './plugins/response-serializer.ts';
import { countAwaitingStaff } from './modules/courier/courier.repository.ts';
import { countPendingInvoices } from './modules/invoices/invoices.repository.ts';
import { hitCounterFor } from './plugins/rate-limit-store.ts';
import { createIdentityCache } from './modules/auth/identity-cache.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa, serveAppOnBadUrl } from './plugins/spa.ts';
import { cachePagesUpTo } from './modules/orders/order-list.ts';
import { createProviderClients } from './modules/providers/provider-clients.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
};

/** `routes`: every route with the access it declares (decision 326), for the role-matrix test. */
export type App = FastifyInstance & { ctx: AppContext; routes: DeclaredRoute[] };

/**
 * The server's logger: JSON lines on standard output at `LOG_LEVEL`, credentials never printed. Which
 * lines a request leaves is `AccessLog`'s, set beside it. Benchmarks send the same lines elsewhere with
 * `file`.
 */
export const loggerOptions = (config: Config) => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
  serializers: { req: requestForLog },
});

/** Fastify's own fields of a request, with the query's values redacted (decision 313). */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Builds the HTTP app on an already migrated database; never listens (main.ts and tests do). */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    // A hop count as proxy-addr reads one: the socket's peer is hop 0, then each X-Forwarded-For entry from the right.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: requestId,
    logController: new AccessLog(),
    requestTimeout: config.http.requestTimeoutMs,
    // Node checks the header and request timeouts on this interval (30 s by default).
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    frameworkErrors: serveAppOnBadUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  const metrics = registerMetrics(app, config.metricsToken, {
    depositsPending: () => countPendingInvoices(database.db),
    courierAwaitingStaff: () => countAwaitingStaff(database.db),
  });
  // Test-mode labels are drawn in worker threads (decision 074); 0 threads draws them here.
  const renderer = metrics.timeRenderer(
    config.labelJobs.renderThreads > 0
      ? createRenderPool({
          threads: config.labelJobs.renderThreads,
          warmThreads: config.labelJobs.warmRenderThreads,
        })
      : inlineRenderer,
  );
  const testModeProvider = createTestModeProvider(undefined, renderer);
  const sealer = createSealer(await resolveSecret(database.db, 'api_key_seal_key', config.appSecret));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    captcha: await createCaptchaVerifier(config, database.db),
    sealer,
    log: app.log,
    files: await openFileStore(config, database.db),
    jobs: await startPgBossQueue(database, queueDefinitions(config), app.log, metrics.observeJob),
    labels: createProviderRegistry(
      config.labelTestRejectMarker
        ? [withTestRejections(testModeProvider, config.labelTestRejectMarker)]
        : [testModeProvider],
    ),
    renderer,
    providers: createProviderClients({
      db: database.db,
      sealer,
      metrics,
      log: app.log,
      adapter: config.providers.adapter,
      breakAfter: config.providers.breakAfter,
      cooldownMs: config.providers.cooldownMs,
    }),
    mailer: createMailer(config, database.db, app.log),
    metrics,
    labelDownloads: createDownloadLimiter(config.labelDownloads),
    rateLimits: hitCounterFor(database),
    identities: await createIdentityCache(database),
    refundFailedOrder: (orderId, reason) => cancelAndRefund(ctx, orderId, reason),
    subscribers: {},
  };
  // Who hears the orders' domain events (decision 338); given ctx, so after it is built.
  ctx.subscribers = { tracking: trackingSubscriber(ctx), webhooks: webhookSubscriber(ctx) };
  cachePagesUpTo(ctx.db, config.orderPageMemoryRows);

  let isClosing = false;
  app.addHook('onClose', async () => {
    isClosing = true;
  });
  app.addHook('onClose', async () => ctx.mailer.close());
  app.addHook('onClose', async () => ctx.identities.stop());
  // Job workers finish their current label before the database goes away.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await renderer.close();
    await ctx.providers.flush();
    await ctx.files.close();
  });
  app.decorateRequest('auth', null);
  // The id every log line of the request carries, so a caller can quote it when reporting a problem.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, config, ctx.rateLimits);
  refuseNulCharacters(app);
  limitConnections(app, config);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerHealth(
    app,
    database,
    () => !isClosing,
    () => (renderer.warmth() === 'warm' && !isLabelMergingLoaded() ? 'warming' : renderer.warmth()),
  );

  const routes = guardPermissions(app, requireUser(ctx));
  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx), { prefix: '/auth' });
      await api.register(addressRoutes(ctx), { prefix: '/address' });
      await api.register(amazonRoutes(ctx), { prefix: '/amazon' });
      await api.register(labelTypeRoutes(ctx), { prefix: '/labeltype' });
      await api.register(orderRoutes(ctx), { prefix: '/order' });
      await api.register(validateCsvRoutes(ctx), { prefix: '/order' });
      await api.register(bulkOrderRoutes(ctx), { prefix: '/order' });
      await api.register(refundRequestRoutes(ctx), { prefix: '/order' });
      await api.register(slipsAndReturnsRoutes(ctx), { prefix: '/order' });
      await api.register(recoveryRoutes(ctx), { prefix: '/auth' });
      await api.register(accountRoutes(ctx), { prefix: '/user' });
      await api.register(twoFactorRoutes(ctx), { prefix: '/account/2fa' });
      await api.register(invoiceRoutes(ctx), { prefix: '/invoices' });
      await api.register(websiteRoutes(ctx), { prefix: '/website' });
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      await api.register(courierRoutes(ctx), { prefix: '/fed' });
      await api.register(webhookRoutes(ctx, { guard: requireUser(ctx) }), { prefix: '/webhooks' });
      await api.register(trackingInboundRoutes(ctx), { prefix: '/tracking' });
      await api.register(paymentInboundRoutes(ctx), { prefix: '/payments' });
      await api.register(teamRoutes(ctx), { prefix: '/team' });
      await api.register(scanFormRoutes(ctx), { prefix: '/scan-forms' });
      await api.register(pickupRoutes(ctx), { prefix: '/pickups' });
      if (config.devOutbox) await api.register(devOutboxRoutes(ctx), { prefix: '/dev' });
    },
    { prefix: '/api/v1' },
  );
  await app.register(resellerApiRoutes(ctx), { prefix: '/api/v2' });

  await registerSpa(app, config.webDistDir);
  return Object.assign(app, { ctx, routes }) as unknown as App;
}
