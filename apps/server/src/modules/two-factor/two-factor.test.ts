import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, twoFactorRecoveryCodes, users } from '../../db/schema.ts';
import { runHousekeeping } from '../housekeeping/housekeeping.service.ts';
import { signUp, solveCaptcha } from '../../../test/helper.ts';
import { freshIp, mailingApp, type MailingApp } from '../../../test/otp-fixtures.ts';
import { enrolTwoFactor, totpCodeAt } from '../../../test/two-factor-fixtures.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';
import { CODE_REFUSED_MESSAGE } from './two-factor-login.service.ts';

const STEP_MS = 30_000;

describe('two-factor sign-in', () => {
  let { app, smtp, otp } = {} as MailingApp;
  mailingApp((made) => ({ app, smtp, otp } = made));

  /** Moves the clock to the next 30 s step, so the authenticator shows a code not used yet. */
  const nextStep = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STEP_MS });
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.9.9.9') =>
    app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const accountOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const idOf = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/v1/auth/access', headers })).json()._id as string;
  const actionsOf = async (id: string) =>
    (await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((r) => r.action);
  const challengeFor = async (discordId: string, password: string, cookie?: string) =>
    otp.post(
      '/api/v1/auth/login',
      { discordId, password, captchaToken: await solveCaptcha(app) },
      cookie ? { headers: { cookie } } : {},
    );
  const secondStep = (challengeToken: string, code: string, extra: object = {}, ip?: string) =>
    post('/api/v1/auth/login/2fa', { challengeToken, code, ...extra }, {}, ip);

  it('enrols with a code from the secret: 10 recovery codes, secret sealed, codes hashed, audited and mailed', async () => {
    const account = await otp.signUpWithEmail();
    const setup = await post('/api/v1/account/2fa/setup', {}, account.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/LabelPort:${account.discordId}?issuer=LabelPort&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await post('/api/v1/account/2fa/enable', { code: '000000' }, account.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid code, please try again' });

    const mailsBefore = otp.mailsTo(account.email).length;
    const res = await post('/api/v1/account/2fa/enable', { code: totpCodeAt(secret) }, account.headers);
    expect(res.statusCode).toBe(200);
    const { message, recoveryCodes } = res.json();
    expect(message).toBe('Two-factor sign-in is on');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const id = await idOf(account.headers);
    const row = await accountOf(id);
    expect(row.twoFactorSecretCipher).not.toContain(secret);
    expect(app.ctx.sealer.open(row.twoFactorSecretCipher!)).toBe(secret);
    const stored = await app.ctx.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    expect((await app.inject({ url: '/api/v1/auth/access', headers: account.headers })).json()).toMatchObject(
      {
        twoFactorEnabled: true,
      },
    );
    expect(await actionsOf(id)).toContain('two_factor.enable');
    const mail = await smtp.waitForMail(account.email, mailsBefore);
    expect(mail.subject).toBe('Two-factor sign-in is now on for your LabelPort account');
    const again = await post('/api/v1/account/2fa/setup', {}, account.headers);
    expect(again.statusCode).toBe(409);
  });

  it('asks for a code after the password and signs in with it; the same code never works twice', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const first = await challengeFor(account.discordId, account.password);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
      challengeToken: expect.any(String),
    });
    // The enrolment used this step's code: it is refused, as a replay.
    expect((await secondStep(body.challengeToken, totpCodeAt(secret))).statusCode).toBe(400);
    nextStep();
    const code = totpCodeAt(secret);
    const signedIn = await secondStep(body.challengeToken, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ message: 'Signed in successfully', accessToken: expect.any(String) });
    expect((await otp.access(signedIn.json().accessToken)).statusCode).toBe(200);
    // The challenge is used up, and the code cannot sign in again through a new one.
    expect((await secondStep(body.challengeToken, code)).statusCode).toBe(400);
    const second = (await challengeFor(account.discordId, account.password)).json();
    const replay = await secondStep(second.challengeToken, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: CODE_REFUSED_MESSAGE });
  });

  it('signs in with a recovery code once, audits it and tells the owner how many are left', async () => {
    const account = await otp.signUpWithEmail();
    const sentBefore = otp.mailsTo(account.email).length;
    const { recoveryCodes } = await enrolTwoFactor(app, account.headers);
    // The mail that says two-factor sign-in is on is sent after the answer: wait for it first.
    await smtp.waitForMail(account.email, sentBefore);
    const [code] = recoveryCodes;
    const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
    const before = otp.mailsTo(account.email).length;
    const res = await secondStep(challengeToken, code!.toUpperCase());
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMail(account.email, before);
    expect(mail.subject).toBe('A recovery code was used to sign in to LabelPort');
    expect(mail.text).toContain('Recovery codes left: 9.');
    expect(await actionsOf(await idOf(account.headers))).toContain('two_factor.recovery_code_used');
    const next = (await challengeFor(account.discordId, account.password)).json();
    expect((await secondStep(next.challengeToken, code!)).statusCode).toBe(400);
    expect((await secondStep(next.challengeToken, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('throttles wrong codes like wrong passwords, and the password does not start the count again', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const ip = freshIp();
    const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
    for (let i = 0; i < 5; i += 1) {
      expect((await secondStep(challengeToken, '12345' + String(i), {}, ip)).statusCode).toBe(400);
    }
    nextStep();
    // The fifth wrong code ended that challenge; a new one meets the throttle.
    expect((await secondStep(challengeToken, totpCodeAt(secret), {}, ip)).statusCode).toBe(400);
    const again = (await challengeFor(account.discordId, account.password)).json();
    const blocked = await secondStep(again.challengeToken, totpCodeAt(secret), {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  });

  describe('guessing has an end (decision 310)', () => {
    it('ends a challenge after 5 wrong codes, whatever addresses they come from', async () => {
      const account = await signUp(app);
      const { secret } = await enrolTwoFactor(app, account.headers);
      const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
      for (let i = 0; i < 5; i += 1) {
        expect((await secondStep(challengeToken, '12345' + String(i), {}, freshIp())).statusCode).toBe(400);
      }
      nextStep();
      const dead = await secondStep(challengeToken, totpCodeAt(secret), {}, freshIp());
      expect(dead.statusCode).toBe(400);
      expect(dead.json()).toEqual({ message: CODE_REFUSED_MESSAGE });
    });

    it('caps wrong codes per account from any address, over new challenges too', async () => {
      const account = await signUp(app);
      const { secret } = await enrolTwoFactor(app, account.headers);
      for (let round = 0; round < 2; round += 1) {
        const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
        for (let i = 0; i < 5; i += 1) {
          // Past the account's password budget a wrong answer is a 429 already (the slowed way through).
          const wrong = await secondStep(challengeToken, '99999' + String(i), {}, freshIp());
          expect([400, 429]).toContain(wrong.statusCode);
        }
      }
      const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
      nextStep();
      const capped = await secondStep(challengeToken, totpCodeAt(secret), {}, freshIp());
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe(
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      );
    });

    it('counts an IPv6 client by its /64', async () => {
      const account = await signUp(app);
      const { secret } = await enrolTwoFactor(app, account.headers);
      const network = `2001:db8:${(process.pid & 0xffff).toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
      const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
      for (let i = 1; i <= 5; i += 1) {
        expect(
          (await secondStep(challengeToken, '55555' + String(i), {}, `${network}::${i}`)).statusCode,
        ).toBe(400);
      }
      const next = (await challengeFor(account.discordId, account.password)).json();
      nextStep();
      const blocked = await secondStep(next.challengeToken, totpCodeAt(secret), {}, `${network}:1:2:3:4`);
      expect(blocked.statusCode).toBe(429);
    });

    it('answers a wrong code, an expired, a used and an unknown challenge alike', async () => {
      const account = await signUp(app);
      const { secret } = await enrolTwoFactor(app, account.headers);
      const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
      const wrong = await secondStep(challengeToken, '000000', {}, freshIp());
      nextStep();
      const code = totpCodeAt(secret);
      expect((await secondStep(challengeToken, code, {}, freshIp())).statusCode).toBe(200);
      const used = await secondStep(challengeToken, code, {}, freshIp());
      const unknown = await secondStep('no-such-challenge', '000000', {}, freshIp());
      const old = (await challengeFor(account.discordId, account.password)).json();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
      const expired = await secondStep(old.challengeToken, '000000', {}, freshIp());
      for (const res of [wrong, used, unknown, expired]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: CODE_REFUSED_MESSAGE });
      }
    });
  });

  it('remembers a device for 30 days with a signed cookie, until it is revoked', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
    nextStep();
    const res = await secondStep(challengeToken, totpCodeAt(secret), { rememberDevice: true });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^lp_2fa_device=[^;]+; Path=\/api\/v1\/auth; Max-Age=2592000; HttpOnly; SameSite=Strict$/,
    );
    const cookie = setCookie.split(';')[0]!;
    const remembered = await challengeFor(account.discordId, account.password, cookie);
    expect(remembered.json()).toEqual({ message: 'Signed in successfully', accessToken: expect.any(String) });
    // A forged signature, or the cookie offered for another account, is ignored.
    const forged = cookie.slice(0, -3) + (cookie.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await challengeFor(account.discordId, account.password, forged)).json().twoFactorRequired).toBe(
      true,
    );
    const other = await signUp(app);
    await enrolTwoFactor(app, other.headers);
    expect((await challengeFor(other.discordId, other.password, cookie)).json().twoFactorRequired).toBe(true);
    // Past 30 days it is refused, and "Sign out everywhere" revokes it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * 24 * 3600_000 + 60_000 });
    expect((await challengeFor(account.discordId, account.password, cookie)).json().twoFactorRequired).toBe(
      true,
    );
    vi.useRealTimers();
    const session = await challengeFor(account.discordId, account.password, cookie);
    const headers = { authorization: `Bearer ${session.json().accessToken}` };
    expect((await post('/api/v1/auth/logout-all', {}, headers)).statusCode).toBe(200);
    expect((await challengeFor(account.discordId, account.password, cookie)).json().twoFactorRequired).toBe(
      true,
    );
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const res = await secondStep(challengeToken, totpCodeAt(secret));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CODE_REFUSED_MESSAGE });
  });

  it('turns off only with the password and a code, audited and mailed', async () => {
    const account = await otp.signUpWithEmail();
    const sentBefore = otp.mailsTo(account.email).length;
    const { secret, recoveryCodes } = await enrolTwoFactor(app, account.headers);
    // The mail that says two-factor sign-in is on is sent after the answer: wait for it before counting.
    await smtp.waitForMail(account.email, sentBefore);
    const disable = (payload: object) =>
      post('/api/v1/account/2fa/disable', payload, account.headers, freshIp());
    nextStep();
    const badPassword = await disable({ password: 'not my password', code: totpCodeAt(secret) });
    expect(badPassword.json()).toEqual({ message: 'Password is incorrect' });
    expect((await disable({ password: account.password, code: '000000' })).statusCode).toBe(400);
    const before = otp.mailsTo(account.email).length;
    const res = await disable({ password: account.password, code: recoveryCodes[0]! });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Two-factor sign-in is off' });
    expect((await smtp.waitForMail(account.email, before)).subject).toBe(
      'Two-factor sign-in was turned off for your LabelPort account',
    );
    expect(await actionsOf(await idOf(account.headers))).toContain('two_factor.disable');
    expect((await challengeFor(account.discordId, account.password)).json().accessToken).toEqual(
      expect.any(String),
    );
  });

  it('keeps staff out of the console until they enrol; resellers stay refused', async () => {
    const staff = await signUpStaff(app, { twoFactor: false });
    const console = () => app.inject({ url: '/api/v1/admin/users', headers: staff.headers });
    const refused = await console();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Set up two-factor sign-in to use the staff console',
      twoFactorSetupRequired: true,
    });
    const status = await app.inject({ url: '/api/v1/account/2fa', headers: staff.headers });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, isRequired: true });
    await enrolTwoFactor(app, staff.headers);
    expect((await console()).statusCode).toBe(200);
    const reseller = await signUp(app);
    const asReseller = await app.inject({ url: '/api/v1/admin/users', headers: reseller.headers });
    expect(asReseller.statusCode).toBe(403);
    expect(asReseller.json()).toEqual({ message: 'Staff only' });
  });

  it('lets housekeeping delete unanswered challenges and devices past their 30 days', async () => {
    const account = await signUp(app);
    const { secret } = await enrolTwoFactor(app, account.headers);
    const { challengeToken } = (await challengeFor(account.discordId, account.password)).json();
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    const { twoFactor } = await runHousekeeping(app.ctx.db, later);
    expect(twoFactor).toBeGreaterThanOrEqual(1);
    nextStep();
    const res = await secondStep(challengeToken, totpCodeAt(secret));
    expect(res.json()).toEqual({ message: CODE_REFUSED_MESSAGE });
  });
});
