import { describe, expect, it, vi } from 'vitest';
import { ENGINES, signUp } from '../../../test/helper.ts';
import { mailingApp, type MailingApp, uniqueEmail, wrongCode } from '../../../test/otp-fixtures.ts';

describe.each(ENGINES)('e-mail verification over SMTP on %s', (engine) => {
  let { app, smtp, otp } = {} as MailingApp;

  mailingApp((made) => ({ app, smtp, otp } = made), engine);

  const emailStatus = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/user/email', headers }).then((r) => r.json());

  describe('POST /api/v1/user/email', () => {
    it('mails a verification code and keeps the address pending until it is entered', async () => {
      const { headers, token } = await signUp(app);
      const email = uniqueEmail();
      const res = await otp.post('/api/v1/user/email', { email }, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: `We have sent an OTP to ${email}. Enter it to verify your email.`,
      });
      const mail = await smtp.waitForMail(email);
      expect(mail.subject).toBe('Verify your e-mail address for LabelPort');
      expect(mail.text).toContain('verify this e-mail address for your LabelPort account');
      expect(mail.text).toContain('expires in 10 minutes');
      expect(await emailStatus(headers)).toEqual({ email: null, emailVerified: false, pendingEmail: email });
      expect((await otp.access(token)).json()).toMatchObject({ email: null, emailVerified: false });
    });

    it('needs a session', async () => {
      const res = await otp.post('/api/v1/user/email', { email: uniqueEmail() });
      expect(res.statusCode).toBe(401);
    });

    it('refuses the address the account has already verified', async () => {
      const { headers, email } = await otp.signUpWithEmail();
      const res = await otp.post('/api/v1/user/email', { email: email.toUpperCase() }, { headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This email is already verified on your account');
    });

    it('sends at most 5 codes an hour to one address', async () => {
      const { headers } = await signUp(app);
      const email = uniqueEmail('resend');
      for (let i = 0; i < 5; i += 1) {
        expect((await otp.post('/api/v1/user/email', { email }, { headers })).statusCode).toBe(200);
      }
      expect((await otp.post('/api/v1/user/email', { email }, { headers })).statusCode).toBe(429);
    });
  });

  describe('POST /api/v1/auth/verifyEmail', () => {
    it('verifies the address with the mailed code; the session stays the one the account had', async () => {
      const { headers, token } = await signUp(app);
      const email = uniqueEmail();
      const code = await otp.requestVerificationCode(headers, email);
      const res = await otp.verifyEmail(email.toUpperCase(), code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your email has been verified' });
      expect((await otp.access(token)).json()).toMatchObject({ email, emailVerified: true });
      expect(await emailStatus(headers)).toEqual({ email, emailVerified: true, pendingEmail: null });
    });

    it('keeps the verified address until a new one is verified', async () => {
      const { headers, email } = await otp.signUpWithEmail();
      const next = uniqueEmail('next');
      const code = await otp.requestVerificationCode(headers, next);
      expect(await emailStatus(headers)).toEqual({ email, emailVerified: true, pendingEmail: next });
      expect((await otp.verifyEmail(next, code)).statusCode).toBe(200);
      expect(await emailStatus(headers)).toEqual({ email: next, emailVerified: true, pendingEmail: null });
    });

    it('refuses an expired code (10 min 1 s), a reused code and the right code after 5 wrong tries', async () => {
      const { headers } = await signUp(app);
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const expired = uniqueEmail('expired');
      const expiredCode = await otp.requestVerificationCode(headers, expired);
      vi.setSystemTime(start + 10 * 60_000 + 1000);
      expect((await otp.verifyEmail(expired, expiredCode)).json()).toEqual({
        message: 'Invalid or expired OTP',
      });

      const reused = uniqueEmail('reused');
      const reusedCode = await otp.requestVerificationCode(headers, reused);
      expect((await otp.verifyEmail(reused, reusedCode)).statusCode).toBe(200);
      expect((await otp.verifyEmail(reused, reusedCode)).statusCode).toBe(400);

      const guessed = uniqueEmail('guessed');
      const guessedCode = await otp.requestVerificationCode(headers, guessed);
      for (let i = 0; i < 5; i += 1)
        expect((await otp.verifyEmail(guessed, wrongCode(guessedCode))).statusCode).toBe(400);
      expect((await otp.verifyEmail(guessed, guessedCode)).json()).toEqual({
        message: 'Invalid or expired OTP',
      });
    });

    it('refuses a password reset code', async () => {
      const { email } = await otp.signUpWithEmail();
      const resetCode = await otp.requestResetCode(email);
      const res = await otp.verifyEmail(email, resetCode);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    });

    it('answers an unknown e-mail like a wrong code', async () => {
      const res = await otp.verifyEmail(uniqueEmail('ghost'), '000000');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    });

    it('answers 409 when another account verified the address first', async () => {
      const first = await signUp(app);
      const second = await signUp(app);
      const email = uniqueEmail('contested');
      const firstCode = await otp.requestVerificationCode(first.headers, email);
      const secondCode = await otp.requestVerificationCode(second.headers, email);
      expect((await otp.verifyEmail(email, secondCode)).statusCode).toBe(200);
      const late = await otp.verifyEmail(email, firstCode);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: 'This email is already used by another account' });
    });

    it('refuses a bad captcha', async () => {
      const res = await otp.post('/api/v1/auth/verifyEmail', {
        email: uniqueEmail(),
        OTP: '123456',
        captchaToken: 'x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Captcha verification failed, please try again');
    });
  });
});
