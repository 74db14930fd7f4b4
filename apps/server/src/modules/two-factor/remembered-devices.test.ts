import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { twoFactorRecoveryCodes } from '../../db/schema.ts';
import { signUp, solveCaptcha } from '../../../test/helper.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';
import { freshIp, mailingApp, type MailingApp } from '../../../test/otp-fixtures.ts';
import { enrolTwoFactor, totpCodeAt } from '../../../test/two-factor-fixtures.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Decision 311: remembered devices end with the password, are listed and forgotten one by one; recovery codes are keyed. */
describe('remembered devices and recovery codes', () => {
  let { app, smtp, otp } = {} as MailingApp;
  let step = 0;

  mailingApp((made) => ({ app, smtp, otp } = made));

  /** The authenticator's next code, never one accepted before (each 30 s step works once). */
  const nextCode = (secret: string) => {
    step += 1;
    const now = Date.now() + step * 30_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
    return totpCodeAt(secret, now);
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
  const login = async (discordId: string, password: string, headers: Record<string, string> = {}) =>
    (
      await post(
        '/api/v1/auth/login',
        { discordId, password, captchaToken: await solveCaptcha(app) },
        headers,
      )
    ).json();
  const idOf = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/v1/auth/access', headers })).json()._id as string;

  /** Signs in with a code on a browser that asks to be remembered; returns its cookie. */
  async function remember(
    account: { discordId: string; password: string },
    secret: string,
    userAgent: string,
  ) {
    const { challengeToken } = await login(account.discordId, account.password, { 'user-agent': userAgent });
    const res = await post(
      '/api/v1/auth/login/2fa',
      { challengeToken, code: nextCode(secret), rememberDevice: true },
      { 'user-agent': userAgent },
    );
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0]!;
  }
  const skipsCode = async (account: { discordId: string; password: string }, cookie: string) =>
    (await login(account.discordId, account.password, { cookie })).twoFactorRequired !== true;

  it('a password change forgets remembered devices', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const cookie = await remember(account, secret, FIREFOX);
    expect(await skipsCode(account, cookie)).toBe(true);
    const newPassword = 'a different long passphrase 7';
    const changed = await post(
      '/api/v1/user/password',
      { currentPassword: account.password, newPassword },
      account.headers,
    );
    expect(changed.statusCode).toBe(200);
    expect(await skipsCode({ ...account, password: newPassword }, cookie)).toBe(false);
  });

  it('staff revoking the sessions forget remembered devices', async () => {
    const staff = await signUpStaff(app);
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const cookie = await remember(account, secret, FIREFOX);
    const id = await idOf(account.headers);
    expect((await post(`/api/v1/admin/users/${id}/revoke-sessions`, {}, staff.headers)).statusCode).toBe(200);
    expect(await skipsCode(account, cookie)).toBe(false);
  });

  it('lists remembered devices with their browser and last use, and forgets one', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const firefox = await remember(account, secret, FIREFOX);
    const chrome = await remember(account, secret, CHROME);
    expect(await skipsCode(account, firefox)).toBe(true);
    const list = await app.inject({ url: '/api/v1/account/2fa/devices', headers: account.headers });
    expect(list.statusCode).toBe(200);
    const { devices } = list.json();
    expect(devices).toEqual([
      {
        _id: expect.any(String),
        browser: 'Chrome on Windows',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
      {
        _id: expect.any(String),
        browser: 'Firefox on Linux',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    const firefoxId = devices[1]._id as string;

    const other = await signUp(app);
    const forget = (id: string, headers = account.headers) =>
      app.inject({ method: 'DELETE', url: `/api/v1/account/2fa/devices/${id}`, headers });
    expect((await forget(firefoxId, other.headers)).statusCode).toBe(404);
    expect((await forget('not-an-id')).json()).toEqual({ message: 'Remembered device not found' });
    const forgotten = await forget(firefoxId);
    expect(forgotten.statusCode).toBe(200);
    expect(await skipsCode(account, firefox)).toBe(false);
    expect(await skipsCode(account, chrome)).toBe(true);
    expect((await forget(firefoxId)).statusCode).toBe(404);
  });

  it('regenerates recovery codes with the password and a current code; the old ones die', async () => {
    const account = await otp.signUpWithEmail();
    const sentBefore = otp.mailsTo(account.email).length;
    const { secret, recoveryCodes: old } = await enrolTwoFactor(app, account.headers);
    // The mail that says two-factor sign-in is on is sent after the answer: wait for it before counting.
    await smtp.waitForMail(account.email, sentBefore);
    const regenerate = (payload: object) =>
      post('/api/v1/account/2fa/recovery-codes', payload, account.headers);
    expect((await regenerate({ password: 'not my password', code: nextCode(secret) })).json()).toEqual({
      message: 'Password is incorrect',
    });
    expect((await regenerate({ password: account.password, code: '000000' })).statusCode).toBe(400);
    const mailsBefore = otp.mailsTo(account.email).length;
    const res = await regenerate({ password: account.password, code: nextCode(secret) });
    expect(res.statusCode).toBe(200);
    expect((await smtp.waitForMail(account.email, mailsBefore)).subject).toBe(
      'New recovery codes were made for your LabelPort account',
    );
    const { recoveryCodes } = res.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(old[0]);

    const signInWith = async (code: string) => {
      const { challengeToken } = await login(account.discordId, account.password);
      return post('/api/v1/auth/login/2fa', { challengeToken, code });
    };
    expect((await signInWith(old[0]!)).statusCode).toBe(400);
    expect((await signInWith(recoveryCodes[0])).statusCode).toBe(200);

    // Kept keyed by the app secret: not the plain SHA-256 of the account and code.
    const id = await idOf(account.headers);
    const stored = await app.ctx.db
      .select({ codeHash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, id));
    const plain = crypto
      .createHash('sha256')
      .update(`${id}:${recoveryCodes[1].replace('-', '')}`)
      .digest('hex');
    expect(stored.map((r) => r.codeHash).join()).not.toContain(plain);
  });

  it('a recovery code issued before keeps working, once', async () => {
    const account = await signUp(app);
    await enrolTwoFactor(app, account.headers);
    const id = await idOf(account.headers);
    const legacy = 'abcde-fghjk';
    const digest = crypto.createHash('sha256').update(`${id}:abcdefghjk`).digest('hex');
    // As the migration leaves a code hashed before: its plain SHA-256, marked.
    await app.ctx.db.insert(twoFactorRecoveryCodes).values({ userId: id, codeHash: `sha256:${digest}` });
    const signInWith = async (code: string) => {
      const { challengeToken } = await login(account.discordId, account.password);
      return post('/api/v1/auth/login/2fa', { challengeToken, code });
    };
    expect((await signInWith(legacy)).statusCode).toBe(200);
    expect((await signInWith(legacy)).statusCode).toBe(400);
  });
});
