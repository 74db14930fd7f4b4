import type { MessagePort } from 'node:worker_threads';
import { judgePassword, type PasswordOwner, type PasswordVerdict } from '@portal/shared/password-strength';

export type CheckRequest = { id: number; password: string; owner: PasswordOwner };
export type CheckReply = { id: number; verdict: PasswordVerdict } | { id: number; error: string };

/** The password judge thread (password-checker.ts): one verdict per message, in order. */
export function serveCheckRequests(port: MessagePort): void {
  port.on('message', ({ id, password, owner }: CheckRequest) => {
    try {
      port.postMessage({ id, verdict: judgePassword(password, owner) } satisfies CheckReply);
    } catch (error) {
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies CheckReply);
    }
  });
}
