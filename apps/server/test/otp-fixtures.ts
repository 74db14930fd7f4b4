import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createTestApp, signUp, solveCaptcha, type Engine, type TestApp } from './helper.ts';
import { codeFrom, startSmtpSink } from './smtp-sink.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A test app that sends its mail to a local SMTP sink, and the account helpers on both. */
export type MailingApp = { app: TestApp; smtp: Sink; otp: ReturnType<typeof otpFixtures> };

/**
 * For the block it is called in: a test app (on `engine`, else the default) mailing through a local SMTP
 * sink, handed to `started` once both run; both are closed after the block, and the real clock is back
 * after each test.
 */
export function mailingApp(started: (made: MailingApp) => void, engine?: Engine) {
  let made: MailingApp;
  beforeAll(async () => {
    const smtp = await startSmtpSink();
    const app = await createTestApp({ ...(engine ? { engine } : {}), env: { SMTP_URL: smtp.url } });
    made = { app, smtp, otp: otpFixtures(app, smtp) };
    started(made);
  });
  afterAll(async () => {
    await made.app.close();
    await made.smtp.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

let ipCounter = 0;
/** A fresh client address per call, so the per-address send limit only bites the tests about it. */
export const freshIp = (): string =>
  `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(++ipCounter % 250) + 1}`;

export const uniqueEmail = (prefix = 'reseller'): string =>
  `${prefix}.${crypto.randomBytes(4).toString('hex')}@example.test`;

/** Helpers that drive the account and recovery routes the way the web app does. */
export function otpFixtures(app: TestApp, smtp: Sink) {
  const post = (url: string, payload: object, extra: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), ...extra });

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));

  /** Asks for a verification code for `email` on the signed-in account and reads it from the delivered mail. */
  const requestVerificationCode = async (headers: Record<string, string>, email: string): Promise<string> => {
    const before = mailsTo(email).length;
    const res = await post('/api/v1/user/email', { email }, { headers });
    if (res.statusCode !== 200) throw new Error(`POST /user/email failed: ${res.body}`);
    return codeFrom(await smtp.waitForMail(email, before));
  };

  const verifyEmail = async (email: string, OTP: string) =>
    post('/api/v1/auth/verifyEmail', { email, OTP, captchaToken: await solveCaptcha(app) });

  const forgotPassword = async (email: string, extra: Partial<InjectOptions> = {}) =>
    post('/api/v1/auth/forgotPassword', { email, captchaToken: await solveCaptcha(app) }, extra);

  /** Requests a reset code for `email` and reads it from the delivered mail. */
  const requestResetCode = async (email: string): Promise<string> => {
    const before = mailsTo(email).length;
    const res = await forgotPassword(email);
    if (res.statusCode !== 200) throw new Error(`forgotPassword failed: ${res.body}`);
    return codeFrom(await smtp.waitForMail(email, before));
  };

  const resetPassword = async (email: string, OTP: string, newPassword = 'a brand new passphrase') =>
    post('/api/v1/auth/resetPassword', { email, OTP, newPassword, captchaToken: await solveCaptcha(app) });

  /** A signed-in reseller whose e-mail is verified through the real mail round trip. */
  const signUpWithEmail = async () => {
    const account = await signUp(app);
    const email = uniqueEmail();
    const code = await requestVerificationCode(account.headers, email);
    const res = await verifyEmail(email, code);
    if (res.statusCode !== 200) throw new Error(`verifyEmail failed: ${res.body}`);
    return { ...account, email };
  };

  const access = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/access', headers: { authorization: `Bearer ${token}` } });

  const login = async (discordId: string, password: string) =>
    post('/api/v1/auth/login', { discordId, password, captchaToken: await solveCaptcha(app) });

  return {
    post,
    mailsTo,
    requestVerificationCode,
    verifyEmail,
    forgotPassword,
    requestResetCode,
    resetPassword,
    signUpWithEmail,
    access,
    login,
  };
}

/** A wrong code that differs from the right one. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
