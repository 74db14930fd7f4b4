import { judgePassword } from '@portal/shared/password-strength';
import { describe, expect, it } from 'vitest';
import {
  checkPasswordInThread,
  PASSWORD_CHECKER_IDLE_MS,
  isPasswordCheckerRunning,
} from './password-checker.ts';

describe('password judge thread', () => {
  it("gives the shared rule's verdicts, for many passwords at once", async () => {
    const cases = [
      { password: 'password123', owner: {} },
      { password: 'ada.ships2024', owner: { discordName: 'ada.ships' } },
      { password: 'correct horse battery staple', owner: {} },
      { password: 'Kq3vZ8pL1xYw-tide', owner: { email: 'kq@example.com' } },
    ];
    const verdicts = await Promise.all(cases.map((c) => checkPasswordInThread(c.password, c.owner)));
    expect(verdicts).toEqual(cases.map((c) => judgePassword(c.password, c.owner)));
    expect(verdicts.map((v) => v.ok)).toEqual([false, false, true, true]);
    expect(verdicts[1]).toMatchObject({ message: expect.stringContaining('It contains your Discord Name.') });
  }, 30_000);

  it('stops its thread when no password came for the idle time, and starts again for the next', async () => {
    await checkPasswordInThread('password123', {});
    expect(isPasswordCheckerRunning()).toBe(true);
    // A password within the idle time keeps the same thread.
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_CHECKER_IDLE_MS / 2));
    await checkPasswordInThread('another-password-9', {});
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_CHECKER_IDLE_MS / 2 + 500));
    expect(isPasswordCheckerRunning()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_CHECKER_IDLE_MS / 2 + 500));
    expect(isPasswordCheckerRunning()).toBe(false);
    expect(await checkPasswordInThread('Kq3vZ8pL1xYw-tide', {})).toMatchObject({ ok: true });
    expect(isPasswordCheckerRunning()).toBe(true);
  }, 30_000);
});
