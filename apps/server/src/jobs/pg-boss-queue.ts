import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import type { BatchJobHandler, JobHandler, JobQueue, QueueDefinition } from './job-queue.ts';
import { coalesced } from '../lib/coalesced.ts';
import { startJobLease, type JobLease } from './job-lease.ts';

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
  { withScheduler = false }: { withScheduler?: boolean } = {},
): Promise<void> {
  // With the scheduler on, pg-boss also makes its own queue for cron jobs, which a server's start would
  // otherwise create: a table, which the app's role may not make when another role owns the schema.
  const boss = bossOn(database, { schedule: withScheduler, supervise: false });
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
  const fetchLoops: Array<{ stop: () => Promise<void>; wake: () => void; queue: string }> = [];
  const wakeLoops = (queue: string) => {
    for (const loop of fetchLoops) if (loop.queue === queue) loop.wake();
  };
  const leases = new Map<string, JobLease>();
  const leaseOf = (queue: string): JobLease | undefined => {
    const leaseSeconds = queues.find((q) => q.name === queue)?.leaseSeconds;
    if (!leaseSeconds) return undefined;
    let lease = leases.get(queue);
    if (!lease) {
      lease = startJobLease(database, JOB_SCHEMA, queue, leaseSeconds, {
        onReclaimed: (count) => {
          log.warn(`Taking over ${count} ${queue} job(s) whose instance stopped renewing them`);
          wakeLoops(queue);
        },
        onError: (err) => log.error({ err }, 'job lease update failed'),
      });
      leases.set(queue, lease);
    }
    return lease;
  };

  /**
   * pg-boss 10's workers complete a fetched batch only when all of it is done, so one slow job holds
   * the places of the jobs fetched with it. This loop fetches up to `batchSize` jobs at a time while
   * fewer than `places` run, hands each fetch to `start`, and fetches again as soon as a place frees
   * (`start` calls `free` once per job, when that job's outcome is recorded).
   */
  const fetchLoop = <T>(
    queue: string,
    { places, batchSize }: { places: number; batchSize: number },
    start: (jobs: PgBoss.Job<T>[], free: () => void) => void,
  ) => {
    let running = 0;
    let stopped = false;
    // A wake-up that comes while the loop is fetching is kept for its next wait.
    let isWoken = false;
    let wakeUp: (() => void) | undefined;
    const wake = () => {
      isWoken = true;
      wakeUp?.();
    };
    const idle = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeUp = undefined;
          isWoken = false;
          resolve();
        };
        const timer = setTimeout(done, isWoken ? 0 : ms);
        wakeUp = done;
      });
    const free = () => {
      running -= 1;
      wake();
    };
    const loop = (async () => {
      while (!stopped) {
        const wanted = Math.min(places - running, batchSize);
        const jobs = wanted > 0 ? await boss.fetch<T>(queue, { batchSize: wanted }).catch(() => []) : [];
        if (jobs.length > 0) {
          running += jobs.length;
          start(jobs, free);
        }
        // Full: wait for a place. A full fetch: there may be more. Otherwise poll each second.
        if (!stopped && (running >= places || jobs.length < wanted)) await idle(1000);
      }
      while (running > 0) await idle(50);
    })();
    fetchLoops.push({
      queue,
      wake,
      stop: async () => {
        stopped = true;
        wake();
        await loop;
      },
    });
  };

  const errorOf = (error: unknown) => {
    const { message, name } = error instanceof Error ? error : new Error(String(error));
    return { message, name };
  };

  const workBatches = async <T>(
    queue: string,
    handler: BatchJobHandler<T>,
    { concurrency, batchSize }: { concurrency: number; batchSize: number },
  ): Promise<void> => {
    const lease = leaseOf(queue);
    // Jobs completed one by one (labels bought upstream end seconds apart) are completed together: those
    // that end while one completion is written go in the next one, and each frees its place once written.
    const completeSoon = coalesced<string>((ids) => boss.complete(queue, ids).then(() => undefined));
    const runBatch = async (jobs: PgBoss.Job<T>[], free: () => void) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      const open = new Set(jobs.map((job) => job.id));
      const release = await lease?.hold([...open]);
      // A job completed before its batch ends is recorded at once and frees its place.
      const completeOne = async (jobId: string, error?: Error) => {
        if (!open.delete(jobId)) return;
        release?.(jobId);
        observe(queue, error ? 'failed' : 'completed', seconds());
        try {
          if (error) await boss.fail(queue, jobId, errorOf(error));
          else await completeSoon(jobId);
        } finally {
          free();
        }
      };
      let failed: Map<string, Error>;
      try {
        failed = await handler(
          jobs.map((job) => ({ id: job.id, data: job.data, queue })),
          (jobId, error) =>
            void completeOne(jobId, error).catch((err: unknown) =>
              log.error({ err, queue }, 'could not record a job outcome'),
            ),
        );
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        failed = new Map([...open].map((id) => [id, failure]));
      }
      const rest = [...open];
      open.clear();
      release?.();
      try {
        for (const id of rest) observe(queue, failed.has(id) ? 'failed' : 'completed', seconds());
        const completed = rest.filter((id) => !failed.has(id));
        if (completed.length > 0) await boss.complete(queue, completed);
        for (const id of rest) {
          const error = failed.get(id);
          if (error) await boss.fail(queue, id, errorOf(error));
        }
      } finally {
        for (let i = 0; i < rest.length; i += 1) free();
      }
    };
    fetchLoop<T>(queue, { places: concurrency * batchSize, batchSize }, (jobs, free) => {
      void runBatch(jobs, free).catch((err: unknown) =>
        log.error({ err, queue }, 'could not record a job outcome'),
      );
    });
  };

  /** Runs each job on its own: one that ends frees its place for the next at once. */
  const workEach = async <T>(
    queue: string,
    handler: JobHandler<T>,
    { concurrency }: { concurrency: number },
  ) => {
    const run = async (job: PgBoss.Job<T>) => {
      const started = performance.now();
      try {
        await handler({ id: job.id, data: job.data, queue });
        observe(queue, 'completed', (performance.now() - started) / 1000);
        await boss.complete(queue, job.id);
      } catch (error) {
        observe(queue, 'failed', (performance.now() - started) / 1000);
        await boss.fail(queue, job.id, errorOf(error));
      }
    };
    fetchLoop<T>(queue, { places: concurrency, batchSize: concurrency }, (jobs, free) => {
      for (const job of jobs)
        void run(job)
          .catch((err: unknown) => log.error({ err, queue }, 'could not record a job outcome'))
          .finally(free);
    });
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
    workEach,
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    wake(queue) {
      wakeLoops(queue);
    },
    async stop(timeoutMs = 10_000) {
      for (const lease of leases.values()) lease.stop();
      await Promise.race([
        Promise.all(fetchLoops.map((loop) => loop.stop())),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
