import { Worker } from 'node:worker_threads';
import type { PasswordOwner, PasswordVerdict } from '@portal/shared/password-strength';
import type { CheckReply, CheckRequest } from './password-checker-thread-main.ts';

const THREAD_URL = new URL('./password-checker-thread.mjs', import.meta.url);

/** How long the thread waits for another password before it stops and its memory goes back. */
export const PASSWORD_CHECKER_IDLE_MS = 5_000;

type Pending = { resolve: (verdict: PasswordVerdict) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

let current: Thread | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;

function start(): Thread {
  const worker = new Worker(THREAD_URL, {
    // zxcvbn's word lists and the matchers built from them: about 40 MB.
    resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 },
  });
  const thread: Thread = { worker, pending: new Map() };
  const fail = (error: Error) => {
    if (current === thread) current = null;
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
  };
  worker.on('message', (reply: CheckReply) => {
    const pending = thread.pending.get(reply.id);
    if (!pending) return;
    thread.pending.delete(reply.id);
    if ('verdict' in reply) pending.resolve(reply.verdict);
    else pending.reject(new Error(reply.error));
    if (thread.pending.size === 0) idle(thread);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The password judge stopped with exit code ${code}`)));
  return thread;
}

/** Nothing to judge: the thread no longer keeps a script alive, and stops after the idle time. */
function idle(thread: Thread): void {
  thread.worker.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (current !== thread || thread.pending.size > 0) return;
    current = null;
    void thread.worker.terminate();
  }, PASSWORD_CHECKER_IDLE_MS);
  idleTimer.unref();
}

/**
 * The shared password rule (`judgePassword`), run in a thread of its own (decision 225). zxcvbn's word
 * lists are read on the first password and held only while passwords keep coming: a server at rest does
 * not carry them, and the tens of milliseconds each verdict costs never block the event loop.
 */
export function checkPasswordInThread(password: string, owner: PasswordOwner): Promise<PasswordVerdict> {
  clearTimeout(idleTimer);
  current ??= start();
  const thread = current;
  thread.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ id, password, owner } satisfies CheckRequest);
  });
}

/** Whether the judge's thread is running, for tests. */
export const isPasswordCheckerRunning = (): boolean => current !== null;
