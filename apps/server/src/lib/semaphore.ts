/**
 * A counting semaphore: `run` starts `work` at once while fewer than `max` run, otherwise it waits its
 * turn (first come, first served). A finishing run hands its place straight to the next in line, so a
 * newcomer never slips in between and `max` is never exceeded.
 */
export type Semaphore = {
  run<T>(max: number, work: () => Promise<T>): Promise<T>;
  readonly running: number;
  /** Callers waiting for a place. */
  readonly waiting: number;
};

export function createSemaphore(): Semaphore {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run(max, work) {
      if (running >= max) await new Promise<void>((resolve) => queue.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
