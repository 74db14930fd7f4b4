import { judgePassword } from '@portal/shared/password-strength';
import { describe, expect, it } from 'vitest';
import { judgePasswordInThread, PASSWORD_JUDGE_IDLE_MS, passwordJudgeRunning } from './password-checker.ts';

describe('password judge thread', () => {
  it("gives the shared rule's verdicts, for many passwords at once", async () => {
    const cases = [
      { password: 'password123', owner: {} },
      { password: 'ada.ships2024', owner: { discordName: 'ada.ships' } },
      { password: 'correct horse battery staple', owner: {} },
      { password: 'Kq3vZ8pL1xYw-tide', owner: { email: 'kq@example.com' } },
    ];
    const verdicts = await Promise.all(cases.map((c) => judgePasswordInThread(c.password, c.owner)));
    expect(verdicts).toEqual(cases.map((c) => judgePassword(c.password, c.owner)));
    expect(verdicts.map((v) => v.ok)).toEqual([false, false, true, true]);
    expect(verdicts[1]).toMatchObject({ message: expect.stringContaining('It contains your Discord Name.') });
  }, 30_000);

  it('stops its thread when no password came for the idle time, and starts again for the next', async () => {
    await judgePasswordInThread('password123', {});
    expect(passwordJudgeRunning()).toBe(true);
    // A password within the idle time keeps the same thread.
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_JUDGE_IDLE_MS / 2));
    await judgePasswordInThread('another-password-9', {});
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_JUDGE_IDLE_MS / 2 + 500));
    expect(passwordJudgeRunning()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_JUDGE_IDLE_MS / 2 + 500));
    expect(passwordJudgeRunning()).toBe(false);
    expect(await judgePasswordInThread('Kq3vZ8pL1xYw-tide', {})).toMatchObject({ ok: true });
    expect(passwordJudgeRunning()).toBe(true);
  }, 30_000);
});
