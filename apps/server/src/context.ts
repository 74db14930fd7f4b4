import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from './captcha/index.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Subscribers } from './events/domain-events.ts';
import type { FileStore } from './files/index.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { IdentityCache } from './modules/auth/identity-cache.ts';
import type { ProviderClients } from './modules/providers/provider-clients.ts';
import type { DownloadLimiter, LabelRenderer, ProviderRegistry } from './labels/index.ts';
import type { Sealer } from './lib/tokens.ts';
import type { Mailer } from './mail/mail-types.ts';
import type { Metrics } from './plugins/metrics.ts';
import type { HitCounter } from './plugins/rate-limit-store.ts';

/** What services need from the running app: built once in buildApp, passed explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  captcha: CaptchaVerifier;
  sealer: Sealer;
  log: FastifyBaseLogger;
  /** Label PDFs and generated files. */
  files: FileStore;
  /** Durable background jobs (label generation). */
  jobs: JobQueue;
  /** Which label provider makes each label type's labels. */
  labels: ProviderRegistry;
  /** This instance's clients of the upstream providers staff configured (real postage). */
  providers: ProviderClients;
  /** Where the test-mode provider draws labels: the render threads (or the event loop). */
  renderer: LabelRenderer;
  mailer: Mailer;
  metrics: Metrics;
  /** Merged and zipped label downloads: a few at a time, a bounded queue, 503 beyond (decision 160). */
  labelDownloads: DownloadLimiter;
  /** Rate-limit counts: shared by every instance on PostgreSQL, in memory on the embedded database. */
  rateLimits: HitCounter;
  /** Who session tokens and API keys stand for, remembered until the database says otherwise (decision 222). */
  identities: IdentityCache;
  /**
   * Cancels an order whose label could not be made and refunds it, once; true when this call did. The
   * refunds module's, handed to the label jobs here so that orders never import refunds.
   */
  refundFailedOrder: (orderId: string, reason: string) => Promise<boolean>;
  /**
   * Who hears each domain event an order's transaction records (webhooks, tracking; decision 338):
   * handed in here so that the purchase path imports none of them.
   */
  subscribers: Subscribers;
};

/** Who is asking: the address and browser of the request, for throttling and session records. */
export type RequestMeta = { ip: string; userAgent: string | null };
