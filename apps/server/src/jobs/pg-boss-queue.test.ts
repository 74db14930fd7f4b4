import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, createPgliteTemplate, type Database } from '../db/client.ts';
import { installJobQueues, JOB_SCHEMA, startPgBossQueue } from './pg-boss-queue.ts';
import { LABEL_FAILED_QUEUE, LABEL_QUEUE, queueDefinitions } from './queues.ts';

const silent = pino({ level: 'silent' });

type QueueRow = { name: string; retry_limit: number; retry_delay: number; dead_letter: string | null };
const queueRows = async (database: Database): Promise<QueueRow[]> =>
  (
    await database.executeSql(
      `SELECT name, retry_limit, retry_delay, dead_letter, updated_on FROM ${JOB_SCHEMA}.queue ORDER BY name`,
    )
  ).rows as QueueRow[];

const definitions = (env: Record<string, string> = {}) => queueDefinitions(loadConfig(env));

/** Decision 217: the job queue's tables come with the embedded template; each start applies the configured rules. */
describe('job queues', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'job-queues-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a new embedded database made from the template already has every queue', async () => {
    const template = path.join(root, 'template');
    await createPgliteTemplate(template, (database) => installJobQueues(database, definitions()));
    const database = await createDatabase({ dataDir: path.join(root, 'data'), template });
    try {
      const rows = await queueRows(database);
      expect(rows.map((r) => r.name).sort()).toEqual(
        definitions()
          .map((q) => q.name)
          .sort(),
      );
      expect(rows.find((r) => r.name === LABEL_QUEUE)).toMatchObject({
        retry_limit: 3,
        dead_letter: LABEL_FAILED_QUEUE,
      });
      // The server starts on it as on any database, and sends jobs.
      const jobs = await startPgBossQueue(database, definitions(), silent);
      await jobs.stop();
    } finally {
      await database.close();
    }
  });

  it('each start gives existing queues the configured rules, and rewrites none that are unchanged', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await database.migrate();
      const first = await startPgBossQueue(database, definitions(), silent);
      await first.stop();
      const created = await queueRows(database);
      expect(created.find((r) => r.name === LABEL_QUEUE)).toMatchObject({ retry_limit: 3, retry_delay: 10 });

      const again = await startPgBossQueue(database, definitions(), silent);
      await again.stop();
      expect(await queueRows(database)).toEqual(created);

      const env = { LABEL_RETRY_LIMIT: '7', LABEL_RETRY_DELAY_SECONDS: '45' };
      const changed = await startPgBossQueue(database, definitions(env), silent);
      await changed.stop();
      const after = await queueRows(database);
      expect(after.find((r) => r.name === LABEL_QUEUE)).toMatchObject({ retry_limit: 7, retry_delay: 45 });
      expect(after.filter((r) => r.name !== LABEL_QUEUE)).toEqual(
        created.filter((r) => r.name !== LABEL_QUEUE),
      );
    } finally {
      await database.close();
    }
  });

  it('gives a job completed before its batch ends its place at once, while the slow job of that batch still runs', async () => {
    const database = await createTestDatabase('pglite');
    await database.migrate();
    const jobs = await startPgBossQueue(database, definitions(), silent);
    let releaseSlow = () => {};
    try {
      const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
      const started: string[] = [];
      let thirdStarted = () => {};
      const third = new Promise<void>((resolve) => (thirdStarted = resolve));
      // One batch of two places: the fast order completes at once, the slow one waits to be released.
      await jobs.workBatches<{ name: string }>(
        LABEL_QUEUE,
        async (batch, completeJob) => {
          for (const job of batch) {
            started.push(job.data.name);
            if (job.data.name === 'third') thirdStarted();
          }
          await Promise.all(
            batch.map(async (job) => {
              if (job.data.name === 'slow') await slowHeld;
              completeJob(job.id);
            }),
          );
          return new Map();
        },
        { concurrency: 1, batchSize: 2 },
      );
      await jobs.sendInTransaction(database.db, LABEL_QUEUE, [{ name: 'slow' }, { name: 'fast' }]);
      jobs.wake(LABEL_QUEUE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await jobs.sendInTransaction(database.db, LABEL_QUEUE, [{ name: 'third' }]);
      jobs.wake(LABEL_QUEUE);
      // The third job runs in the fast one's place before the slow one ends.
      await Promise.race([
        third,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the third job waited for the slow one')), 10_000),
        ),
      ]);
      const states = (
        await database.executeSql(
          `SELECT data->>'name' AS name, state FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY 1`,
          [LABEL_QUEUE],
        )
      ).rows;
      expect(states).toEqual([
        { name: 'fast', state: 'completed' },
        { name: 'slow', state: 'active' },
        { name: 'third', state: expect.stringMatching(/active|completed/) },
      ]);
      expect(started.slice(0, 2).sort()).toEqual(['fast', 'slow']);
    } finally {
      releaseSlow();
      await jobs.stop();
      await database.close();
    }
  });
});
