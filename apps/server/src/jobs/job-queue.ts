import type { DbOrTx } from '../db/client.ts';

/** A queue's delivery rules: attempts, pause between them, how long one attempt may run. */
export type QueueDefinition = {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /** Where a job goes after its last failed attempt (a queue defined before this one). */
  deadLetter?: string;
  /**
   * Seconds of the lease the worker holding a job renews (a heartbeat) while it runs (decision 274): a
   * job whose lease lapsed because its instance died is taken by another worker at once, without the
   * retry delay. `expireInSeconds` still bounds a whole attempt.
   */
  leaseSeconds?: number;
};

export type Job<T> = { id: string; data: T; queue: string };

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Handles several jobs at once. A job that ends before the others may be completed at once with `completeJob`
 * (with its error when it failed): its place goes to the next job then. Resolves with the jobs that
 * failed (id -> error) among those not completed yet: those are retried by the queue's rules, every other
 * job of the batch is complete. Throwing fails the jobs not completed yet.
 */
export type BatchJobHandler<T> = (
  jobs: Job<T>[],
  completeJob: (jobId: string, error?: Error) => void,
) => Promise<Map<string, Error>>;

/**
 * Durable background jobs (DESIGN.md section 3): stored in the database, so they survive restarts
 * and spread over instances. pg-boss is the engine; see decision 040.
 */
export interface JobQueue {
  /** Adds jobs inside the caller's transaction: they exist exactly when the transaction commits. */
  sendInTransaction<T extends object>(
    tx: DbOrTx,
    queue: string,
    payloads: readonly T[],
    options?: { startAfter?: Date },
  ): Promise<void>;
  /** Runs `handler` for jobs of `queue` with up to `concurrency` at a time in this process. */
  work<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Runs `handler` for up to `batchSize` jobs of `queue` at a time, with up to `concurrency` batches'
   * worth of jobs running at once: a job completed early frees its place for the next job at once.
   */
  workBatches<T>(
    queue: string,
    handler: BatchJobHandler<T>,
    options: { concurrency: number; batchSize: number },
  ): Promise<void>;
  /**
   * Runs `handler` for up to `concurrency` jobs of `queue` at once, each on its own: a job that finishes
   * frees its place for the next at once, so one slow job never holds up the others fetched with it.
   */
  workEach<T>(queue: string, handler: JobHandler<T>, options: { concurrency: number }): Promise<void>;
  /**
   * Sends one job to `queue` on a cron schedule (UTC). Every instance may call it; the queue
   * creates each scheduled job once across instances.
   */
  schedule(queue: string, cron: string): Promise<void>;
  /** Wakes this process's workers of `queue` now instead of at their next poll. */
  wake(queue: string): void;
  /** Stops the workers after their current jobs (waits up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}
