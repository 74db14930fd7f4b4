import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCaptchaVerifier } from './captcha/index.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { resolveSecret } from './db/secrets.ts';
import { createSealer } from './lib/tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
};

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the HTTP app on an already migrated database; never listens (main.ts and tests do). */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    captcha: await createCaptchaVerifier(config, database.db),
    sealer: createSealer(await resolveSecret(database.db, 'api_key_seal_key', config.appSecret)),
    log: app.log,
    metrics: registerMetrics(app),
  };

  let isClosing = false;
  app.addHook('onClose', async () => {
    isClosing = true;
  });
  app.decorateRequest('auth', null);

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerHealth(app, database, () => !isClosing);

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx), { prefix: '/auth' });
    },
    { prefix: '/api/v1' },
  );

  await registerSpa(app, config.webDistDir);
  return Object.assign(app, { ctx }) as unknown as App;
}
