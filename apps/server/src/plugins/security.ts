import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { clientKey } from '../lib/client-key.ts';
import { rateLimitStore, type HitCounter } from './rate-limit-store.ts';
import { bucketOrigin } from '../files/object-bucket.ts';

const CAPTCHA_HOSTS: Record<string, { script: string[]; frame: string[]; connect: string[] }> = {
  altcha: { script: [], frame: [], connect: [] },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
};

/** Security headers with a strict CSP (no inline scripts), CORS for the dev server only, rate limits. */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  counter: HitCounter,
): Promise<void> {
  const hosts = CAPTCHA_HOSTS[config.captcha.provider] ?? CAPTCHA_HOSTS.altcha!;
  // Built once. @fastify/helmet built helmet's middleware again, parsing the whole policy, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hosts.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Zebra Browser Print, the local service a ZPL "Print" sends labels to (decision 255).
        connectSrc: [
          "'self'",
          ...hosts.connect,
          ...config.corsOrigins,
          'http://127.0.0.1:9100',
          // Label downloads redirected to the bucket (S3_PRESIGN_DOWNLOADS=1, decision 335).
          ...(config.files.presignDownloads && config.files.s3 ? [bucketOrigin(config.files.s3)] : []),
        ],
        frameSrc: hosts.frame.length ? hosts.frame : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl?.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  if (config.corsOrigins.length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !config.corsOrigins.includes(origin)) return;
      void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        void reply
          .header('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE')
          .header('access-control-allow-headers', 'authorization,content-type,x-api-key,x-time-zone')
          .header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    });
  }

  await app.register(rateLimit, {
    global: config.rateLimitPerMinute > 0,
    max: config.rateLimitPerMinute || 1_000_000,
    timeWindow: '1 minute',
    // Counted where every instance sees the same number (decision 195).
    store: rateLimitStore(counter),
    // An IPv6 client by its /64, as the sign-in throttle counts it (decision 310).
    keyGenerator: (request) => clientKey(request.ip),
    // The web app's pages and files are not counted: a team behind one office address loads the same
    // shell and chunks on every page, and a refused index.html leaves a blank page, not a message.
    allowList: (request) =>
      request.url === '/healthz' || request.url === '/readyz' || isWebAppRequest(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });
}

/** Route options that tighten the limit on the auth routes (credential stuffing, captcha farming). */
export const authRateLimit = (
  config: Config,
): { rateLimit: { max: number; timeWindow: string } | false } => ({
  rateLimit:
    config.authRateLimitPerMinute > 0
      ? { max: config.authRateLimitPerMinute, timeWindow: '1 minute' }
      : false,
});

/** A page or file of the web app (the SPA's catch-all route), as opposed to an API call. */
function isWebAppRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url === '/*' && !request.url.startsWith('/api/');
}
