import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue, QueueDefinition } from './job-queue.ts';
import { startJobLease } from './job-lease.ts';
import { JOB_SCHEMA, startPgBossQueue } from './pg-boss-queue.ts';

const silent = pino({ level: 'silent' });
const QUEUE = 'lease-test';
// A 1 s lease on a job that runs 4 s: without the heartbeat it would lapse four times over.
const definitions: QueueDefinition[] = [
  { name: QUEUE, retryLimit: 3, retryDelaySeconds: 0, expireInSeconds: 60, leaseSeconds: 1 },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Decision 274: a job's lease is renewed while its instance lives, so no other instance takes it. */
describe('job leases on PostgreSQL', () => {
  const queues: JobQueue[] = [];
  let database: Database | undefined;
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop(1000);
    await database?.close();
  });
  /** An instance's job runner: its own workers, lease holder and sweep, here on a shared pool. */
  const instance = async (on: Database) => {
    const jobs = await startPgBossQueue(on, definitions, silent);
    queues.push(jobs);
    return jobs;
  };

  it('leaves a job that runs longer than its lease with the living instance that holds it', async () => {
    database = await createTestDatabase('postgres', 6);
    await database.migrate();
    const a = await instance(database);
    const runs: string[] = [];
    let finished = 0;
    const slowly = (who: string) => async () => {
      runs.push(who);
      await sleep(4_000);
      finished += 1;
    };
    await a.work(QUEUE, slowly('a'));
    await a.sendInTransaction(database.db, QUEUE, [{ n: 1 }]);
    a.wake(QUEUE);
    while (runs.length === 0) await sleep(50);
    // Another instance starts working the queue while A holds the job.
    const b = await instance(database);
    await b.work(QUEUE, slowly('b'));
    while (finished === 0) await sleep(100);
    await sleep(2_500);
    expect(runs).toEqual(['a']);
    const { rows } = await database.executeSql(
      `SELECT state::text, retry_count FROM ${JOB_SCHEMA}.job WHERE name = $1`,
      [QUEUE],
    );
    expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 60_000);

  it('renews every job it holds in one statement a beat, and lets a released job lapse', async () => {
    const on = await createTestDatabase('postgres', 2);
    await on.migrate();
    // pg-boss's schema, for the lease's sweep.
    const boss = await startPgBossQueue(on, definitions, silent);
    let renewals = 0;
    const counted: Database = {
      ...on,
      executeSql: (text, values) => {
        if (text.includes('INSERT INTO job_leases')) renewals += 1;
        return on.executeSql(text, values);
      },
    };
    // A 0.6 s lease beats every 200 ms; 30 jobs held one by one, as label jobs refilled one at a time are.
    const errors: unknown[] = [];
    const lease = startJobLease(counted, JOB_SCHEMA, QUEUE, 0.6, {
      onReclaimed: () => {},
      onError: (error) => errors.push(error),
    });
    const ids = Array.from({ length: 30 }, () => crypto.randomUUID());
    const releases = [];
    for (const id of ids) releases.push(await lease.hold([id]));
    const held = renewals;
    await sleep(1_200);
    // About six beats: a statement per job and beat would be 180.
    expect(renewals - held).toBeLessThanOrEqual(8);
    for (const release of releases.slice(1)) release();
    await sleep(1_200);
    const { rows } = await on.executeSql(
      `SELECT job_id::text AS id FROM job_leases WHERE job_id = ANY($1::uuid[]) AND expires_at > now()`,
      [ids],
    );
    expect(rows).toEqual([{ id: ids[0] }]);
    expect(errors).toEqual([]);
    releases[0]!();
    lease.stop();
    await boss.stop(1000);
    await on.close();
  }, 60_000);
});
