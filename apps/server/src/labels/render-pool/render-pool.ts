import { Worker } from 'node:worker_threads';
import type { LabelRenderer, RenderedLabel, RendererWarmth, RenderRequest } from './label-renderer.ts';
import type { RenderMessage, RenderReply } from './render-thread-main.ts';

const THREAD_URL = new URL('./render-thread.mjs', import.meta.url);

/** Requests handed to one thread before it answers: enough that it never waits for the next one. */
const IN_FLIGHT_PER_THREAD = 4;

type Pending = { resolve: (label: RenderedLabel | null) => void; reject: (error: Error) => void };

type Thread = {
  worker: Worker;
  inFlight: Map<number, Pending>;
  /** Set while a thread beyond the warm ones has nothing to do: it stops when this fires. */
  idleTimer?: NodeJS.Timeout | undefined;
};

export type RenderPoolOptions = {
  /** Threads at most, under load. */
  threads: number;
  /**
   * Threads kept at rest and warmed by `warmUp` (at most `threads`). The others start when labels queue
   * up and stop after `idleMs` without one, which gives their memory back (decision 219).
   */
  warmThreads?: number;
  idleMs?: number;
  /** Heap cap of each thread; a label needs a few MB, so this only stops a runaway. */
  maxHeapMb?: number;
  /**
   * Young generation of each thread. V8's own limit (48 MB) is reached during the warm-up and kept for
   * good; 18 MB drew labels as fast in `npm run bench -- runtime` and holds each thread about 20 MB
   * smaller at rest (decision 217).
   */
  youngGenerationMb?: number;
};

/**
 * Renders labels in worker threads, so label jobs use every core and the API's event loop stays free
 * for requests (decision 074). The warm threads start with the warm-up (or the first label) and stay;
 * the others come and go with the load. A thread that dies fails only the labels it was drawing (their
 * jobs retry) and is replaced on the next request.
 */
export function createRenderPool({
  threads: size,
  warmThreads = size,
  idleMs = 30_000,
  maxHeapMb = 256,
  youngGenerationMb = 18,
}: RenderPoolOptions): LabelRenderer {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('A render pool needs at least one thread');
  if (!Number.isInteger(warmThreads) || warmThreads < 1 || warmThreads > size)
    throw new RangeError(`A render pool keeps 1 to ${size} warm threads, not ${warmThreads}`);
  const threads: (Thread | null)[] = Array.from({ length: size }, () => null);
  const queue: { request: RenderRequest; pending: Pending }[] = [];
  let nextId = 1;
  let isClosed = false;
  let warmth: RendererWarmth = 'cold';

  const spawn = (index: number): Thread => {
    const worker = new Worker(THREAD_URL, {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: youngGenerationMb },
    });
    // An idle pool must not keep a finished process (a script, a test run) alive.
    worker.unref();
    // Requests posted while the thread still loads wait in its port; none is lost.
    const thread: Thread = { worker, inFlight: new Map() };
    const fail = (error: Error) => {
      if (threads[index] === thread) threads[index] = null;
      for (const pending of thread.inFlight.values()) pending.reject(error);
      thread.inFlight.clear();
      drain();
    };
    worker.on('message', (reply: RenderReply) => {
      const pending = thread.inFlight.get(reply.id);
      if (!pending) return;
      thread.inFlight.delete(reply.id);
      if (reply.ok)
        pending.resolve('warmedUp' in reply ? null : { tracking: reply.tracking, file: reply.file });
      else pending.reject(Object.assign(new Error(reply.message), { name: reply.name }));
      drain();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`Label render thread stopped (exit code ${code})`)));
    threads[index] = thread;
    return thread;
  };

  const post = (thread: Thread, message: RenderMessage, pending: Pending): void => {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = undefined;
    thread.inFlight.set(message.id, pending);
    thread.worker.ref();
    thread.worker.postMessage(message);
  };

  /** Hands queued requests to the least busy threads that have room. */
  const drain = (): void => {
    while (queue.length > 0 && !isClosed) {
      let best = -1;
      let bestLoad = IN_FLIGHT_PER_THREAD;
      for (let index = 0; index < size; index += 1) {
        const load = threads[index]?.inFlight.size ?? 0;
        if (load < bestLoad) [best, bestLoad] = [index, load];
      }
      if (best < 0) return;
      const thread = threads[best] ?? spawn(best);
      const { request, pending } = queue.shift()!;
      post(thread, { id: nextId++, request }, pending);
    }
    threads.forEach((thread, index) => {
      if (!thread || thread.inFlight.size > 0) return;
      thread.worker.unref();
      if (index >= warmThreads && !thread.idleTimer) thread.idleTimer = retireLater(thread, index);
    });
  };

  /** Stops an idle thread beyond the warm ones unless work reaches it first (`post` cancels this). */
  const retireLater = (thread: Thread, index: number): NodeJS.Timeout => {
    const timer = setTimeout(() => {
      if (threads[index] !== thread || thread.inFlight.size > 0) return;
      threads[index] = null;
      void thread.worker.terminate();
    }, idleMs);
    timer.unref();
    return timer;
  };

  return {
    render(request: RenderRequest) {
      if (isClosed) return Promise.reject(new Error('The label render pool is closed'));
      return new Promise<RenderedLabel>((resolve, reject) => {
        queue.push({ request, pending: { resolve: (label) => resolve(label!), reject } });
        drain();
      });
    },
    async warmUp(rounds = 20) {
      warmth = 'warming';
      const warming = Promise.all(
        threads.slice(0, warmThreads).map(
          (existing, index) =>
            new Promise<void>((resolve, reject) => {
              if (isClosed) return resolve();
              const thread = existing ?? spawn(index);
              post(thread, { id: nextId++, warmUp: rounds }, { resolve: () => resolve(), reject });
            }),
        ),
      );
      try {
        await warming;
        warmth = 'warm';
      } catch (error) {
        warmth = 'cold';
        // Closing the pool mid warm-up (a shutdown) ends it; that is not a failure.
        if (!isClosed) throw error;
      } finally {
        drain();
      }
    },
    warmth: () => warmth,
    threads: () => threads.filter(Boolean).length,
    async close() {
      isClosed = true;
      const closing = new Error('The label render pool is closed');
      for (const { pending } of queue.splice(0)) pending.reject(closing);
      await Promise.all(
        threads.map(async (thread, index) => {
          threads[index] = null;
          clearTimeout(thread?.idleTimer);
          if (thread) await thread.worker.terminate();
        }),
      );
    },
  };
}
