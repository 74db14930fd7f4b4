import fs from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CAPTCHA_PROVIDERS } from '@portal/shared';
import type { S3Settings } from './files/s3-bucket.ts';
import { isTimeZone } from './lib/time-zone.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * The server package's folder, from where this code runs: src/, dist/, or a build kept under .builds/
 * (decision 272), which is where a running server's own files are, even after `dist` points elsewhere.
 */
function serverPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY (decision 270): `false`/`0` trusts no proxy; a number trusts that many hops in front of the
 * server (the last N addresses of X-Forwarded-For were added by our proxies); a comma-separated list trusts
 * exactly those proxy addresses or ranges. `true` trusted every hop, so a client chose its own address: refused.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'yes'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop, so clients could pick their own address: give the number of proxies in front of the server (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Use a hop count or a list of proxy addresses (e.g. 10.0.0.2, 172.18.0.0/16); not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The embedded database's page cache (shared_buffers) unless PGLITE_SHARED_BUFFERS says otherwise (decision 216). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(7400),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_OWNER_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'Use a size such as 16MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  PORTAL_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'Use an IANA time zone such as America/Chicago')
    .default('UTC'),
  WEB_DIST_DIR: z.string().default(path.join(serverPackageDir(import.meta.dirname), '../web/dist')),
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).max(128).optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.url().optional(),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  APP_SECRET: z.string().min(16).optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  API_PURCHASES_PER_SECOND: z.coerce.number().int().min(0).default(10),
  TRUST_PROXY: trustProxySetting.default(false),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LabelPort <no-reply@labelport.local>'),
  LABEL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  LABEL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LABEL_WORKERS: z.coerce.number().int().min(1).max(32).default(3),
  LABEL_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(50),
  LABEL_RENDER_THREADS: z.coerce.number().int().min(0).max(64).default(Math.min(4, availableParallelism())),
  ORDER_PAGE_MEMORY_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  LABEL_RENDER_WARM_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  LABEL_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  LABEL_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  LABEL_TEST_REJECT_MARKER: z.string().min(3).optional(),
  DEV_OUTBOX: bool.default(false),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEBHOOK_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  WEBHOOK_WORKERS: z.coerce.number().int().min(1).max(200).default(20),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(30).default(10),
  WEBHOOK_SENDS_PER_MINUTE: z.coerce.number().int().min(0).max(1000).default(10),
  ALLOW_PRIVATE_WEBHOOK_TARGETS: bool.default(false),
  ALLOW_PRIVATE_PROVIDER_TARGETS: bool.default(false),
  METRICS_TOKEN: z.string().min(16).optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(64),
  LABEL_DOWNLOADS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2),
  LABEL_DOWNLOADS_WAITING: z.coerce.number().int().min(0).max(1000).default(10),
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(30),
  PROVIDER_LABEL_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  PROVIDER_BREAK_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  PROVIDER_COOLDOWN_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  PROVIDER_VERIFICATIONS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(30),
  PROVIDER_QUOTE_DEADLINE_MS: z.coerce.number().int().min(1).max(60_000).default(3000),
  PROVIDER_GIVE_UP_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  TEST_TRACKING_STEP_SECONDS: z.coerce.number().min(0.1).max(86_400).default(180),
  TRACKING_POLL_SECONDS: z.coerce.number().min(0.1).max(86_400).default(3600),
  REFUND_VOID_CHECK_SECONDS: z.coerce.number().min(0.1).max(86_400).default(300),
  FILE_STORE: z.enum(['db', 's3']).default('db'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'Use the http(s) URL of the S3-compatible server' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'A bucket name is 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PRESIGN_DOWNLOADS: bool.default(false),
  PAYMENT_CHECK_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The schema owner's connection (decision 273): migrations run through it, and the app's role (in
   * DATABASE_URL) gets only what it needs, never more than INSERT and SELECT on the audit log.
   */
  databaseOwnerUrl: string | undefined;
  databasePoolSize: number;
  /** The embedded database's page cache (PostgreSQL's shared_buffers), e.g. 16MB. */
  pgliteSharedBuffers: string;
  logLevel: string;
  publicUrl: string | undefined;
  /** The day of a call that names no zone of its own: "today" and ship dates (decision 355). */
  timeZone: string;
  webDistDir: string;
  /**
   * Seed the demo accounts: on by default for the embedded database outside production, opt-in
   * (SEED_DEMO=1) otherwise.
   */
  seedDemo: boolean;
  demoPassword: string | undefined;
  demoAdminPassword: string | undefined;
  captcha: {
    provider: (typeof CAPTCHA_PROVIDERS)[number];
    siteKey: string | undefined;
    secret: string | undefined;
    verifyUrl: string | undefined;
    altchaHmacKey: string | undefined;
    altchaMaxNumber: number;
  };
  /**
   * Key that seals API keys and second-factor secrets at rest and keys recovery codes; required outside
   * development, where it is generated into the database when not configured (decision 311).
   */
  appSecret: string | undefined;
  sessionTtlMs: number;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** Per API key on /api/v2 (0 turns a limit off). */
  apiRateLimit: { perMinute: number; purchasesPerSecond: number };
  authRateLimitPerMinute: number;
  /**
   * Which hops in front of the server may tell the client's address (X-Forwarded-For): none (false), the
   * last N, or the listed proxy addresses.
   */
  trustProxy: false | number | string[];
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Label generation jobs: attempts after the first, pause between them, parallel jobs per instance,
   * and how long an attempt may run before it is presumed dead (its instance crashed) and retried.
   */
  labelJobs: {
    retryLimit: number;
    retryDelaySeconds: number;
    /** Batches of label jobs run at once per instance. */
    workers: number;
    /** Label jobs one worker takes at a time (one database round trip for all of them). */
    batchSize: number;
    /** Worker threads that draw test-mode labels at most; 0 draws them on the event loop. */
    renderThreads: number;
    /** Of those, the ones kept warm at rest (the others stop when idle). */
    warmRenderThreads: number;
    timeoutSeconds: number;
    /** A running job's lease, renewed while its instance lives; lapsed, another instance takes the job. */
    leaseSeconds: number;
  };
  /** Orders on the history pages each process remembers between polls (decision 228); 0 remembers none. */
  orderPageMemoryRows: number;
  /** Test mode only: recipients whose name contains this text are rejected like a carrier would. */
  labelTestRejectMarker: string | undefined;
  /** GET /api/v1/dev/outbox for end-to-end tests: opt-in, outbox mode only, never in production. */
  devOutbox: boolean;
  /**
   * Webhook delivery: first retry after `retryBaseSeconds` (doubling), retries for `retryHours`. Private,
   * loopback and link-local targets are refused unless ALLOW_PRIVATE_WEBHOOK_TARGETS=1, whatever NODE_ENV says.
   */
  webhooks: {
    retryBaseSeconds: number;
    retryHours: number;
    /** Attempts in flight at once per instance (decision 271 adds limits per endpoint and reseller). */
    workers: number;
    blockPrivateTargets: boolean;
    /** How long one attempt may wait for its answer; a timeout pauses the endpoint. */
    timeoutSeconds: number;
    /** Test events and resends a reseller may ask for per minute (0 = no limit). */
    manualSendsPerMinute: number;
  };
  /** Bearer token for GET /metrics; unset, /metrics answers 404 (docs/decisions/107). */
  metricsToken: string | undefined;
  /** Slow clients: a whole request, its headers, and open sockets per address (0 = no bound). */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; maxConnectionsPerIp: number };
  /** Merged and zipped label downloads prepared at once, and how many more may wait (decision 160). */
  labelDownloads: { atOnce: number; waiting: number };
  /** Upstream label providers: one call's time limit, and how long a purchase waits for its label. */
  providers: {
    /**
     * `allowPrivateTargets`: provider origins may be private or loopback addresses
     * (ALLOW_PRIVATE_PROVIDER_TARGETS=1); link-local ones never (decision 312).
     */
    adapter: { timeoutMs: number; labelWaitMs: number; allowPrivateTargets: boolean };
    /** Consecutive faults that open a provider's circuit, and how long it then stays open. */
    breakAfter: number;
    cooldownMs: number;
    /** How long an order waits for providers that are unavailable before it is cancelled and refunded. */
    giveUpMs: number;
    /** Addresses one reseller may have a provider verify per minute (0 = no limit; decision 313). */
    verificationsPerMinute: number;
    /** How long a live quote is waited for; a provider that has not answered by then is skipped (decision 332). */
    quoteDeadlineMs: number;
  };
  /**
   * Tracking (issue 36): how long the test-mode walk stays at each status, and the first polling
   * interval of orders whose provider sent no news (doubling up to a day; polling ends after 45 days).
   */
  tracking: { testStepMs: number; pollMs: number };
  /**
   * `REFUND_VOID_CHECK_SECONDS`: the first check of a void submitted to a provider (doubling up to 6 h);
   * shorter than the 5-minute schedule, each void's check is a job of its own at its time (decision 303).
   */
  refunds: { voidCheckMs: number };
  /**
   * Where label files and other stored files go (decision 335): `db` keeps them in the database, `s3` in
   * the S3-compatible bucket of `s3`. `s3` is also set on the database store when S3_BUCKET is, for
   * `admin move-files --to s3`. `presignDownloads`: a label download redirects to a short-lived address.
   */
  files: { store: 'db' | 's3'; s3: S3Settings | null; presignDownloads: boolean };
  /**
   * `PAYMENT_CHECK_SECONDS`: the first time an open hosted payment is asked about by the reconciliation
   * job (doubling up to an hour, until the payment ends; decision 323).
   */
  payments: { checkMs: number };
};

export class ConfigError extends Error {}

/** The Vite dev server may call the API in development (DESIGN.md section 7); nothing else by default. */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];
const corsOriginsOf = (value: string, env: string): string[] => {
  const listed = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return listed.length > 0 || env !== 'development' ? listed : DEV_SERVER_ORIGINS;
};

/**
 * Development is the embedded database outside production, as `npm start` runs it (the rule that seeds
 * the demo accounts, decision 268): a shared PostgreSQL or NODE_ENV=production is a deployment.
 */
const isDevelopment = (e: { NODE_ENV: string; DATABASE_URL?: string }): boolean =>
  e.NODE_ENV !== 'production' && !e.DATABASE_URL;

/** Why a deployment will not start without APP_SECRET, and how to make one (decision 311). */
export const APP_SECRET_REQUIRED = [
  'Invalid configuration:',
  '  APP_SECRET is required outside development (with NODE_ENV=production or DATABASE_URL). It seals API',
  '  keys and second-factor secrets and signs recovery codes and remembered devices, so it is kept apart',
  '  from the database it protects. Make one with `openssl rand -hex 32` (or',
  "  `node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\"`) and give every",
  '  instance the same value. A server that ran before without it kept a generated key in the database:',
  "  set APP_SECRET to `SELECT value FROM app_secrets WHERE name = 'api_key_seal_key'` so what it sealed",
  '  still opens.',
].join('\n');

/** The only reader of process.env: parsed once at boot, with a readable failure. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CAPTCHA_PROVIDER !== 'altcha' && (!e.CAPTCHA_SITE_KEY || !e.CAPTCHA_SECRET)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required for ${e.CAPTCHA_PROVIDER}`,
    );
  }
  if (e.DEV_OUTBOX && (e.NODE_ENV === 'production' || e.SMTP_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_OUTBOX is for development without SMTP_URL, never production',
    );
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_OWNER_URL needs DATABASE_URL (the app's own role on the same database)",
    );
  }
  if (!e.APP_SECRET && !isDevelopment(e)) throw new ConfigError(APP_SECRET_REQUIRED);
  if (e.LABEL_TEST_REJECT_MARKER && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  LABEL_TEST_REJECT_MARKER is for tests, never production',
    );
  }
  const files = fileStoreSettings(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; paths are meant from where npm was started.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    timeZone: e.PORTAL_TIME_ZONE,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    demoPassword: e.DEMO_PASSWORD,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      siteKey: e.CAPTCHA_SITE_KEY,
      secret: e.CAPTCHA_SECRET,
      verifyUrl: e.CAPTCHA_VERIFY_URL,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    },
    appSecret: e.APP_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimit: { perMinute: e.API_RATE_LIMIT_PER_MINUTE, purchasesPerSecond: e.API_PURCHASES_PER_SECOND },
    trustProxy: e.TRUST_PROXY === 0 ? false : e.TRUST_PROXY,
    corsOrigins: corsOriginsOf(e.CORS_ORIGINS, e.NODE_ENV),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    labelJobs: {
      retryLimit: e.LABEL_RETRY_LIMIT,
      retryDelaySeconds: e.LABEL_RETRY_DELAY_SECONDS,
      workers: e.LABEL_WORKERS,
      batchSize: e.LABEL_BATCH_SIZE,
      renderThreads: e.LABEL_RENDER_THREADS,
      warmRenderThreads: Math.min(e.LABEL_RENDER_WARM_THREADS, Math.max(1, e.LABEL_RENDER_THREADS)),
      timeoutSeconds: e.LABEL_JOB_TIMEOUT_SECONDS,
      leaseSeconds: Math.min(e.LABEL_JOB_LEASE_SECONDS, e.LABEL_JOB_TIMEOUT_SECONDS),
    },
    orderPageMemoryRows: e.ORDER_PAGE_MEMORY_ROWS,
    labelTestRejectMarker: e.LABEL_TEST_REJECT_MARKER,
    devOutbox: e.DEV_OUTBOX,
    webhooks: {
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
      retryHours: e.WEBHOOK_RETRY_HOURS,
      workers: e.WEBHOOK_WORKERS,
      timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
      manualSendsPerMinute: e.WEBHOOK_SENDS_PER_MINUTE,
      blockPrivateTargets: !e.ALLOW_PRIVATE_WEBHOOK_TARGETS,
    },
    metricsToken: e.METRICS_TOKEN,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    labelDownloads: { atOnce: e.LABEL_DOWNLOADS_AT_ONCE, waiting: e.LABEL_DOWNLOADS_WAITING },
    providers: {
      adapter: {
        timeoutMs: e.PROVIDER_TIMEOUT_SECONDS * 1000,
        labelWaitMs: e.PROVIDER_LABEL_WAIT_SECONDS * 1000,
        allowPrivateTargets: e.ALLOW_PRIVATE_PROVIDER_TARGETS,
      },
      breakAfter: e.PROVIDER_BREAK_AFTER,
      cooldownMs: e.PROVIDER_COOLDOWN_SECONDS * 1000,
      giveUpMs: e.PROVIDER_GIVE_UP_MINUTES * 60_000,
      verificationsPerMinute: e.PROVIDER_VERIFICATIONS_PER_MINUTE,
      quoteDeadlineMs: e.PROVIDER_QUOTE_DEADLINE_MS,
    },
    tracking: {
      testStepMs: Math.round(e.TEST_TRACKING_STEP_SECONDS * 1000),
      pollMs: Math.round(e.TRACKING_POLL_SECONDS * 1000),
    },
    refunds: { voidCheckMs: Math.round(e.REFUND_VOID_CHECK_SECONDS * 1000) },
    files,
    payments: { checkMs: Math.round(e.PAYMENT_CHECK_SECONDS * 1000) },
  };
}

/** FILE_STORE and the S3_ settings, checked together (decision 335). */
function fileStoreSettings(e: z.infer<typeof envSchema>): Config['files'] {
  const fail = (line: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET)
    fail('S3_BUCKET is required with FILE_STORE=s3 (and S3_ENDPOINT for a server other than AWS S3)');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    fail(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both out to use the instance role)',
    );
  if (e.S3_PRESIGN_DOWNLOADS && e.FILE_STORE !== 's3')
    fail('S3_PRESIGN_DOWNLOADS=1 needs FILE_STORE=s3: files in the database have no address to redirect to');
  const s3 = e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : null;
  return { store: e.FILE_STORE, s3, presignDownloads: e.S3_PRESIGN_DOWNLOADS };
}
