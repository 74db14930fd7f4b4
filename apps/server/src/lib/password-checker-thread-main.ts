import type { MessagePort } from 'node:worker_threads';
import { judgePassword, type PasswordOwner, type PasswordVerdict } from '@portal/shared/password-strength';

export type JudgeRequest = { id: number; password: string; owner: PasswordOwner };
export type JudgeReply = { id: number; verdict: PasswordVerdict } | { id: number; error: string };

/** The password judge thread (password-checker.ts): one verdict per message, in order. */
export function serveJudgeRequests(port: MessagePort): void {
  port.on('message', ({ id, password, owner }: JudgeRequest) => {
    try {
      port.postMessage({ id, verdict: judgePassword(password, owner) } satisfies JudgeReply);
    } catch (error) {
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies JudgeReply);
    }
  });
}
