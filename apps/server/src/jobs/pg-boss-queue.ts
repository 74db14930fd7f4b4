import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import type { BatchJobHandler, JobHandler, JobQueue, QueueDefinition } from './job-queue.ts';

export const JOB_SCHEMA = 'pgboss';

/** pg-boss speaks `$n` SQL; this runs it through a drizzle transaction so jobs commit with the caller. */
const viaTransaction = (tx: DbOrTx) => ({
  executeSql: async (text: string, values: unknown[] = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
    );
    const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  },
});

/**
 * One process owns an embedded database, so at start every job still marked active was held by a
 * process that died: retry those now rather than after their expiry (120 s for labels). On
 * PostgreSQL another instance may be running them; pg-boss's expiry handles those.
 */
async function releaseOrphanedJobs(database: Database, log: FastifyBaseLogger): Promise<void> {
  const { rows } = await database.executeSql(
    `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', start_after = now(), started_on = NULL
     WHERE state = 'active' RETURNING id`,
  );
  if (rows.length > 0) log.warn(`Resuming ${rows.length} job(s) left running by a crash`);
}

/** Told each job's outcome and how long its worker held it (for /metrics). */
export type JobObserver = (queue: string, outcome: 'completed' | 'failed', seconds: number) => void;

/** pg-boss on the app's database (PGlite through its `db` option), in the job schema. */
const bossOn = (database: Database, options: Omit<PgBoss.ConstructorOptions, 'db' | 'schema'>): PgBoss =>
  new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    ...options,
  });

const QUEUE_OPTIONS = ['retryLimit', 'retryDelay', 'expireInSeconds', 'deadLetter'] as const;

/**
 * Creates the missing queues and gives existing ones the configured rules (they apply to jobs sent from
 * now on), reading them all in one statement and writing only what changed: at a restart, usually nothing.
 */
async function ensureQueues(boss: PgBoss, queues: readonly QueueDefinition[]): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const q of queues) {
    const options = {
      name: q.name,
      retryLimit: q.retryLimit,
      retryDelay: q.retryDelaySeconds,
      expireInSeconds: q.expireInSeconds,
      ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
    };
    const current = existing.get(q.name);
    if (current) {
      const same = QUEUE_OPTIONS.every((key) => (current[key] ?? undefined) === options[key]);
      if (!same) await boss.updateQueue(q.name, options);
      continue;
    }
    await boss.createQueue(q.name, options).catch(async (error: unknown) => {
      // Another instance created it between our read and our insert.
      if (!(await boss.getQueue(q.name))) throw error;
    });
  }
}

/**
 * Installs pg-boss's tables and the app's queues in a new database, as the first start would: the build
 * does this in the embedded template, so a new data directory starts without that work (decision 217).
 */
export async function installJobQueues(
  database: Database,
  queues: readonly QueueDefinition[],
): Promise<void> {
  const boss = bossOn(database, { schedule: false, supervise: false });
  await boss.start();
  try {
    await ensureQueues(boss, queues);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** Starts pg-boss on the app's database and creates the queues. */
export async function startPgBossQueue(
  database: Database,
  queues: readonly QueueDefinition[],
  log: FastifyBaseLogger,
  observe: JobObserver = () => {},
): Promise<JobQueue> {
  const boss = bossOn(database, {
    // Cron schedules (housekeeping): pg-boss sends each scheduled job once across instances.
    schedule: true,
    // Maintenance (expiring stuck jobs, archiving) runs in every instance; pg-boss coordinates them.
    // A job whose instance died is retried within its expiry plus a quarter of it (30 s at most).
    supervise: true,
    maintenanceIntervalSeconds: Math.max(
      1,
      Math.min(30, ...queues.map((q) => Math.ceil(q.expireInSeconds / 4))),
    ),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  if (database.kind === 'pglite') await releaseOrphanedJobs(database, log);
  await ensureQueues(boss, queues);
  const workerIds = new Map<string, string[]>();

  const workBatches = async <T>(
    queue: string,
    handler: BatchJobHandler<T>,
    { concurrency, batchSize }: { concurrency: number; batchSize: number },
  ): Promise<void> => {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i += 1) {
      let id = '';
      id = await boss.work<T>(queue, { batchSize, pollingIntervalSeconds: 1 }, async (jobs) => {
        // pg-boss waits out the polling interval after every fetch; while there is work, fetch again
        // at once (a 5,000-label bulk order would otherwise run at one batch per second per worker).
        boss.notifyWorker(id);
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        let failed: Map<string, Error>;
        try {
          failed = await handler(jobs.map((job) => ({ id: job.id, data: job.data, queue })));
        } catch (error) {
          for (let i = 0; i < jobs.length; i += 1) observe(queue, 'failed', seconds());
          throw error;
        }
        for (const job of jobs) observe(queue, failed.has(job.id) ? 'failed' : 'completed', seconds());
        // Failed jobs leave the active state here, so the completion pg-boss sends for the whole
        // batch when this returns skips them; they retry (or go to the dead-letter queue) as usual.
        for (const [jobId, error] of failed)
          await boss.fail(queue, jobId, { message: error.message, name: error.name });
      });
      ids.push(id);
    }
    workerIds.set(queue, [...(workerIds.get(queue) ?? []), ...ids]);
  };

  return {
    async sendInTransaction(tx, queue, payloads, options = {}) {
      if (payloads.length === 0) return;
      const startAfter = options.startAfter?.toISOString();
      await boss.insert(
        payloads.map((data) => ({ name: queue, data, ...(startAfter ? { startAfter } : {}) })),
        { db: viaTransaction(tx) },
      );
    },
    async work<T>(queue: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
      await workBatches<T>(
        queue,
        async ([job]) => {
          await handler(job!);
          return new Map();
        },
        { concurrency: options.concurrency ?? 1, batchSize: 1 },
      );
    },
    workBatches,
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    wake(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
