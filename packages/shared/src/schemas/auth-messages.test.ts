import { describe, expect, it } from 'vitest';
import { DISCORD_ID_MAX_LENGTH } from '../constants.ts';
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, verifyEmailBody } from './auth.ts';

// The auth screens load these Zod Mini schemas without classic Zod and its English locale, so a check with
// no message of its own would reach the form as Zod's bare "Invalid input".
const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const long = 'x'.repeat(300);

describe('auth schemas: every refusal says what is wrong in words the form can show', () => {
  it('login: missing, wrong-typed and too-long fields', () => {
    expect(messagesOf(loginBody.safeParse({}))).toEqual([
      'Discord Name is required',
      'Password is required',
      'Please complete the captcha',
    ]);
    expect(messagesOf(loginBody.safeParse({ discordId: 7, password: false, captchaToken: 12 }))).toEqual([
      'Discord Name is required',
      'Password is required',
      'Please complete the captcha',
    ]);
    expect(
      messagesOf(loginBody.safeParse({ discordId: long, password: long, captchaToken: 'x'.repeat(9000) })),
    ).toEqual([
      `Discord Name must be at most ${DISCORD_ID_MAX_LENGTH} characters`,
      'Password must be at most 128 characters',
      'Captcha token is too long',
    ]);
  });

  it('login trims the Discord Name before checking it', () => {
    const parsed = loginBody.parse({ discordId: '  demo  ', password: 'pw', captchaToken: 't' });
    expect(parsed.discordId).toBe('demo');
    expect(messagesOf(loginBody.safeParse({ discordId: '   ', password: 'pw', captchaToken: 't' }))).toEqual([
      'Discord Name is required',
    ]);
  });

  it('register, forgot, reset and verify never fall back to "Invalid input"', () => {
    const results = [
      registerBody.safeParse({}),
      registerBody.safeParse({ username: long, discordId: 'a', password: 'short', captchaToken: '' }),
      forgotPasswordBody.safeParse({ email: 'not-an-address' }),
      resetPasswordBody.safeParse({ email: `${long}@example.com`, newPassword: long, OTP: '12ab' }),
      verifyEmailBody.safeParse({ email: 5, OTP: 123456 }),
    ];
    const messages = results.flatMap(messagesOf);
    expect(messages.length).toBeGreaterThan(10);
    expect(messages.filter((m) => /^Invalid input/.test(m))).toEqual([]);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Name must be at most 80 characters',
        'Discord Name must be at least 2 characters',
        'Password must be at least 8 characters',
        'Please enter a valid email address',
        'Email is too long',
        'OTP must be 6 digits',
        'OTP is required',
      ]),
    );
  });
});
