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
});
