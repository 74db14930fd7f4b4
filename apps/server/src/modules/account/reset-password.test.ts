import { describe, expect, it, vi } from 'vitest';
import { signUp, solveCaptcha, type Engine } from '../../../test/helper.ts';
import { mailingApp, type MailingApp, uniqueEmail, wrongCode } from '../../../test/otp-fixtures.ts';
import { enrolTwoFactor } from '../../../test/two-factor-fixtures.ts';
import { WEAK } from '../../../test/weak-passwords.ts';

const MINUTE = 60_000;

// One engine: codes are read and spent by plain statements; the race for one code, where the driver matters,
// runs on PostgreSQL at the end of this file (decision 321).
describe.each(['pglite'] satisfies Engine[])('password reset over SMTP on %s', (engine) => {
  let { app, smtp, otp } = {} as MailingApp;

  mailingApp((made) => ({ app, smtp, otp } = made), engine);

  describe('POST /api/v1/auth/forgotPassword', () => {
    it('mails a code that says what it is for and when it expires', async () => {
      const { email } = await otp.signUpWithEmail();
      const before = otp.mailsTo(email).length;
      const res = await otp.forgotPassword(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If an account uses this email, we have sent an OTP to it.' });
      const mail = await smtp.waitForMail(email, before);
      expect(mail.subject).toBe('Your LabelPort password reset code');
      expect(mail.from).toBe('no-reply@labelport.local');
      expect(mail.text).toContain('reset the password of your LabelPort account');
      expect(mail.text).toMatch(/expires in 10 minutes \(at \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
      expect(mail.text).toMatch(/^ {4}\d{6}$/m);
      expect(mail.html).toContain('reset the password of your LabelPort account');
      expect(mail.html).toContain('expires in 10 minutes');
    });

    it('answers an unknown and an unverified e-mail exactly like a known one, and sends them nothing', async () => {
      const { email } = await otp.signUpWithEmail();
      const pending = await signUp(app);
      const unverified = uniqueEmail('pending');
      await otp.requestVerificationCode(pending.headers, unverified);
      const unknown = uniqueEmail('nobody');
      const known = await otp.forgotPassword(email);
      for (const other of [unknown, unverified]) {
        const res = await otp.forgotPassword(other);
        expect(res.statusCode).toBe(known.statusCode);
        expect(res.json()).toEqual(known.json());
      }
      await smtp.waitForMail(email, 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(otp.mailsTo(unknown)).toHaveLength(0);
      expect(otp.mailsTo(unverified)).toHaveLength(1); // only its verification code
    });

    it('sends at most 5 codes an hour to one e-mail, known or not', async () => {
      const email = uniqueEmail('flood');
      for (let i = 0; i < 5; i += 1) expect((await otp.forgotPassword(email)).statusCode).toBe(200);
      const sixth = await otp.forgotPassword(email);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBe('3600');
      expect(sixth.json().message).toBe('Too many codes requested. Please wait an hour and try again.');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * MINUTE });
      expect((await otp.forgotPassword(email)).statusCode).toBe(200);
    });

    it('accepts at most 20 code requests an hour from one address', async () => {
      const remoteAddress = '192.0.2.77';
      for (let i = 0; i < 20; i += 1) {
        expect((await otp.forgotPassword(uniqueEmail(`ip${i}`), { remoteAddress })).statusCode).toBe(200);
      }
      expect((await otp.forgotPassword(uniqueEmail('ip21'), { remoteAddress })).statusCode).toBe(429);
    });

    it('refuses a missing or bad captcha', async () => {
      const missing = await otp.post('/api/v1/auth/forgotPassword', { email: uniqueEmail() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Please complete the captcha');
      const bad = await otp.post('/api/v1/auth/forgotPassword', {
        email: uniqueEmail(),
        captchaToken: 'forged',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Captcha verification failed, please try again');
    });

    it('refuses an invalid e-mail', async () => {
      const res = await otp.forgotPassword('not-an-email');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    });
  });

  describe('POST /api/v1/auth/resetPassword', () => {
    it('replaces the API key when asked, and keeps it otherwise', async () => {
      const { email, headers } = await otp.signUpWithEmail();
      const keyOf = async (token: string) => (await otp.access(token)).json().api_key as string;
      const before = (await app.inject({ url: '/api/v1/auth/access', headers })).json().api_key as string;
      const kept = await otp.resetPassword(email, await otp.requestResetCode(email));
      expect(await keyOf(kept.json().accessToken)).toBe(before);
      const replaced = await otp.post('/api/v1/auth/resetPassword', {
        email,
        OTP: await otp.requestResetCode(email),
        newPassword: 'yet another passphrase',
        regenerateApiKey: true,
        captchaToken: await solveCaptcha(app),
      });
      expect(replaced.statusCode).toBe(200);
      expect(await keyOf(replaced.json().accessToken)).not.toBe(before);
    });

    it('asks for the second factor after the reset when the account has one', async () => {
      const { email, headers } = await otp.signUpWithEmail();
      const mailsBefore = otp.mailsTo(email).length;
      const { recoveryCodes } = await enrolTwoFactor(app, headers);
      await smtp.waitForMail(email, mailsBefore); // "two-factor sign-in is now on"
      const res = await otp.resetPassword(email, await otp.requestResetCode(email));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        message: 'Your password has been reset',
        twoFactorRequired: true,
        challengeToken: expect.any(String),
      });
      const signedIn = await otp.post('/api/v1/auth/login/2fa', {
        challengeToken: body.challengeToken,
        code: recoveryCodes[0],
      });
      expect(signedIn.statusCode).toBe(200);
      expect((await otp.access(signedIn.json().accessToken)).statusCode).toBe(200);
    });

    it('sets the new password with the mailed code, signs in, and ends every other session', async () => {
      const { discordId, password, token, email } = await otp.signUpWithEmail();
      const code = await otp.requestResetCode(email);
      const res = await otp.resetPassword(email, code, 'a brand new passphrase');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Your password has been reset');
      expect((await otp.access(body.accessToken)).statusCode).toBe(200);
      expect((await otp.access(token)).statusCode).toBe(401);
      expect((await otp.login(discordId, password)).statusCode).toBe(400);
      expect((await otp.login(discordId, 'a brand new passphrase')).statusCode).toBe(200);
    });

    it('accepts a code 9 min 59 s old and refuses one 10 min 1 s old', async () => {
      const fresh = await otp.signUpWithEmail();
      const stale = await otp.signUpWithEmail();
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const freshCode = await otp.requestResetCode(fresh.email);
      const staleCode = await otp.requestResetCode(stale.email);
      vi.setSystemTime(start + 10 * MINUTE - 1000);
      expect((await otp.resetPassword(fresh.email, freshCode)).statusCode).toBe(200);
      vi.setSystemTime(start + 10 * MINUTE + 1000);
      const res = await otp.resetPassword(stale.email, staleCode);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
      expect((await otp.login(stale.discordId, stale.password)).statusCode).toBe(200);
    });

    it('accepts a code once', async () => {
      const { email } = await otp.signUpWithEmail();
      const code = await otp.requestResetCode(email);
      expect((await otp.resetPassword(email, code, 'first new passphrase')).statusCode).toBe(200);
      const reused = await otp.resetPassword(email, code, 'second new passphrase');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ message: 'Invalid or expired OTP' });
    });

    it('refuses even the right code after 5 wrong tries', async () => {
      const { email, discordId, password } = await otp.signUpWithEmail();
      const code = await otp.requestResetCode(email);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await otp.resetPassword(email, wrongCode(code));
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({ message: 'Invalid or expired OTP' });
      }
      const sixth = await otp.resetPassword(email, code);
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toEqual({ message: 'Invalid or expired OTP' });
      expect((await otp.login(discordId, password)).statusCode).toBe(200);
    });

    it('lets the right code through after 4 wrong tries', async () => {
      const { email } = await otp.signUpWithEmail();
      const code = await otp.requestResetCode(email);
      for (let i = 0; i < 4; i += 1)
        expect((await otp.resetPassword(email, wrongCode(code))).statusCode).toBe(400);
      expect((await otp.resetPassword(email, code)).statusCode).toBe(200);
    });

    it('replaces the earlier code when a new one is sent', async () => {
      const { email } = await otp.signUpWithEmail();
      const first = await otp.requestResetCode(email);
      const second = await otp.requestResetCode(email);
      if (first !== second) expect((await otp.resetPassword(email, first)).statusCode).toBe(400);
      expect((await otp.resetPassword(email, second)).statusCode).toBe(200);
    });

    it('refuses a code that was sent to verify the same address', async () => {
      const { email } = await otp.signUpWithEmail();
      const claimant = await signUp(app);
      const verifyCode = await otp.requestVerificationCode(claimant.headers, email);
      const resetCode = await otp.requestResetCode(email);
      expect((await otp.resetPassword(email, verifyCode)).statusCode).toBe(400);
      expect((await otp.verifyEmail(email, resetCode)).statusCode).toBe(400);
      expect((await otp.resetPassword(email, resetCode)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail like a wrong code', async () => {
      const res = await otp.resetPassword(uniqueEmail('ghost'), '123456');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    });

    it('refuses a short or easily guessed new password without using up the code', async () => {
      const { email, discordId } = await otp.signUpWithEmail();
      const code = await otp.requestResetCode(email);
      const short = await otp.resetPassword(email, code, 'short');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters');
      for (const [password, message] of [
        ['password123', WEAK.common],
        [' '.repeat(8), WEAK.repeated],
        [discordId, WEAK.discordName],
      ] as const) {
        const weak = await otp.resetPassword(email, code, password);
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toEqual({ message, errors: [{ field: 'newPassword', message }] });
        expect((await otp.login(discordId, password)).statusCode).toBe(400);
      }
      expect((await otp.resetPassword(email, code)).statusCode).toBe(200);
    });

    it('refuses a malformed code and a bad captcha', async () => {
      const { email } = await otp.signUpWithEmail();
      const malformed = await otp.resetPassword(email, '12345a');
      expect(malformed.json().message).toBe('OTP must be 6 digits');
      const bad = await otp.post('/api/v1/auth/resetPassword', {
        email,
        OTP: '123456',
        newPassword: 'a brand new passphrase',
        captchaToken: 'forged',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Captcha verification failed, please try again');
    });
  });
});

// The driver matters here: two PostgreSQL connections race for one code.
describe('password reset codes on postgres', () => {
  let { otp } = {} as MailingApp;
  mailingApp((made) => ({ otp } = made), 'postgres');

  it('lets exactly one of two simultaneous uses of a code through', async () => {
    const { email } = await otp.signUpWithEmail();
    const code = await otp.requestResetCode(email);
    const results = await Promise.all([otp.resetPassword(email, code), otp.resetPassword(email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
