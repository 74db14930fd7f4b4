import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';

/**
 * Leases on running jobs (decision 274). pg-boss 10 has no heartbeat: an active job is presumed dead only
 * once its whole expiry (the job timeout) has passed, and then waits out the retry delay. Here the
 * instance working jobs of a leased queue renews a row per job in `job_leases` every third of a lease (all
 * the jobs it holds in one statement), and every instance hands an active job whose lease lapsed straight
 * back to the queue: a crashed instance's jobs move within about a lease and a third, a living
 * instance's never do. pg-boss's own expiry still bounds a job's whole run (and fails a last attempt into
 * the dead-letter queue).
 */
export type JobLease = {
  /**
   * Takes the lease of `ids` now and renews it until the returned function is called, for one of them
   * (that job ended) or without an id for all; the last lease then runs out by itself, long after
   * pg-boss has marked the jobs done.
   */
  hold: (ids: string[]) => Promise<(id?: string) => void>;
  stop: () => void;
};

export function startJobLease(
  database: Database,
  schema: string,
  queue: string,
  leaseSeconds: number,
  { onReclaimed, onError }: { onReclaimed: (count: number) => void; onError: (error: unknown) => void },
): JobLease {
  const holder = randomUUID();
  const beatMs = Math.max(200, (leaseSeconds * 1000) / 3);
  const renew = (ids: string[]) =>
    database.executeSql(
      `INSERT INTO job_leases (job_id, holder, expires_at)
       SELECT id, $2, now() + make_interval(secs => $3) FROM unnest($1::uuid[]) AS id
       ON CONFLICT (job_id, holder) DO UPDATE SET expires_at = excluded.expires_at`,
      [ids, holder, leaseSeconds],
    );
  // A job fetched a moment ago may not have its lease row yet: only jobs older than a lease are judged.
  // The last attempt is left to pg-boss's expiry, which fails it into the dead-letter queue.
  const reclaim = async () => {
    const { rows } = await database.executeSql(
      `UPDATE ${schema}.job j SET state = 'retry', start_after = now()
       WHERE j.name = $1 AND j.state = 'active' AND j.retry_count < j.retry_limit
         AND j.started_on < now() - make_interval(secs => $2)
         AND NOT EXISTS (SELECT 1 FROM job_leases l WHERE l.job_id = j.id AND l.expires_at > now())
       RETURNING j.id`,
      [queue, leaseSeconds],
    );
    await database.executeSql(`DELETE FROM job_leases WHERE expires_at < now() - interval '1 minute'`, []);
    if (rows.length > 0) onReclaimed(rows.length);
  };
  const sweeper = setInterval(() => void reclaim().catch(onError), beatMs);
  sweeper.unref();
  // One heartbeat renews every job the instance holds in one statement: a label job waiting seconds
  // for a provider slot must not cost a statement of its own every beat (decision 305). A job id may be
  // held twice (taken back after a stall while its first run still ends), hence the counts.
  const held = new Map<string, number>();
  let beat: NodeJS.Timeout | undefined;
  const letGo = (id: string) => {
    const count = held.get(id) ?? 0;
    if (count <= 1) held.delete(id);
    else held.set(id, count - 1);
    if (held.size === 0 && beat) {
      clearInterval(beat);
      beat = undefined;
    }
  };
  return {
    async hold(ids) {
      const mine = new Set(ids);
      await renew(ids).catch(onError);
      for (const id of mine) held.set(id, (held.get(id) ?? 0) + 1);
      beat ??= setInterval(() => void renew([...held.keys()]).catch(onError), beatMs);
      return (id) => {
        for (const done of id === undefined ? [...mine] : mine.has(id) ? [id] : []) {
          mine.delete(done);
          letGo(done);
        }
      };
    },
    stop: () => {
      clearInterval(sweeper);
      clearInterval(beat);
    },
  };
}
