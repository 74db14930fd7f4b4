import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

const owner = { discordName: 'ada.ships', name: 'Ada Shipping', email: 'ada.lovelace@example.com' };

describe('judgePassword', () => {
  it.each([
    ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['        ', 'Repeated characters like "aaa" are easy to guess.'],
    ['password123', 'This is a commonly used password.'],
    ['zxcvbnm,./', 'Straight rows of keys on your keyboard are easy to guess.'],
  ])('refuses %j and says why', (password, reason) => {
    const verdict = judgePassword(password, owner);
    expect(verdict).toMatchObject({ ok: false, message: expect.stringContaining(reason) });
    expect(verdict.ok || verdict.message.startsWith('Password is too easy to guess.')).toBe(true);
  });

  it.each([
    ['ada.ships', 'It contains your Discord Name.'],
    ['ADA.SHIPS', 'It contains your Discord Name.'],
    ['ships.ada!', 'It contains your Discord Name.'],
    ['adashipping', 'It contains your name.'],
    ['lovelace2024', 'It contains your email address.'],
  ])("refuses %j, built on the owner's details", (password, reason) => {
    expect(judgePassword(password, owner)).toMatchObject({
      ok: false,
      message: expect.stringContaining(reason),
    });
  });

  it("counts the owner's details against their password only", () => {
    expect(judgePassword('ada.ships#2024', {}).ok).toBe(true);
    expect(judgePassword('ada.ships#2024', owner).ok).toBe(false);
  });

  it('accepts passwords that take many guesses', () => {
    for (const password of ['sesame-otter-42', 'correct horse battery', 'x8#Kq!2mZp', 'Lunar-Parcel-Fig-9']) {
      expect(judgePassword(password, owner), password).toMatchObject({ ok: true, score: expect.any(Number) });
    }
  });

  it('suggests what to do, even when zxcvbn gives no warning', () => {
    const verdict = judgePassword('kx7#pq2m', owner);
    expect(verdict).toMatchObject({
      ok: false,
      message: 'Password is too easy to guess. Add more words that are less common.',
    });
  });

  it('judges the longest allowed password quickly', () => {
    judgePassword('warm-up');
    const started = performance.now();
    for (const shape of ['p@ssw0rd', '4@$1!0|3', 'a1!B', '1qaz2wsx']) {
      judgePassword(shape.repeat(128 / shape.length));
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
