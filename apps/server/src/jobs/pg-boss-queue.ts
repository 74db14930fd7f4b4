import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import type { JobHandler, JobQueue, QueueDefinition } from './job-queue.ts';

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

/** Starts pg-boss on the app's database (PGlite through its `db` option) and creates the queues. */
export async function startPgBossQueue(
  database: Database,
  queues: readonly QueueDefinition[],
  log: FastifyBaseLogger,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    // Maintenance (expiring stuck jobs, archiving) runs in every instance; pg-boss coordinates them.
    supervise: true,
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const q of queues) {
    if (await boss.getQueue(q.name)) continue;
    await boss
      .createQueue(q.name, {
        name: q.name,
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        expireInSeconds: q.expireInSeconds,
        ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
      })
      .catch(async (error: unknown) => {
        // Another instance created it between our check and our insert.
        if (!(await boss.getQueue(q.name))) throw error;
      });
  }
  const workerIds = new Map<string, string[]>();

  return {
    async sendInTransaction(tx, queue, payloads) {
      if (payloads.length === 0) return;
      await boss.insert(
        payloads.map((data) => ({ name: queue, data })),
        { db: viaTransaction(tx) },
      );
    },
    async work<T>(queue: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
      const ids: string[] = [];
      for (let i = 0; i < (options.concurrency ?? 1); i += 1) {
        ids.push(
          await boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
            for (const job of jobs) await handler({ id: job.id, data: job.data, queue });
          }),
        );
      }
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), ...ids]);
    },
    wake(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
