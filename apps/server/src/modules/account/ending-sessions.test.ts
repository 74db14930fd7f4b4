import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';
import { mailingApp, type MailingApp, uniqueEmail } from '../../../test/otp-fixtures.ts';

/** Decision 310: a mailed code proves a mailbox, not an owner; every way of ending sessions ends the codes. */
describe('e-mail codes and the end of sessions', () => {
  let { app, otp } = {} as MailingApp;
  let staff: Awaited<ReturnType<typeof signUpStaff>>;

  mailingApp((made) => ({ app, otp } = made));
  beforeAll(async () => {
    staff = await signUpStaff(app);
  });

  const idOf = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/v1/auth/access', headers })).json()._id as string;

  it('verifies an address without signing anybody in', async () => {
    const { headers, token } = await signUp(app);
    const email = uniqueEmail('typo');
    const code = await otp.requestVerificationCode(headers, email);
    const res = await otp.verifyEmail(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your email has been verified' });
    expect((await otp.access(token)).json()).toMatchObject({ email, emailVerified: true });
  });

  /** Each way of ending sessions, done to a signed-in account whose verify and reset codes are pending. */
  const endings: [string, (account: Awaited<ReturnType<typeof otp.signUpWithEmail>>) => Promise<unknown>][] =
    [
      ['signing out everywhere', (a) => otp.post('/api/v1/auth/logout-all', {}, { headers: a.headers })],
      [
        'changing the password',
        (a) =>
          otp.post(
            '/api/v1/user/password',
            { currentPassword: a.password, newPassword: 'another fine passphrase 9' },
            { headers: a.headers },
          ),
      ],
      [
        'staff revoking the sessions',
        async (a) =>
          otp.post(
            `/api/v1/admin/users/${await idOf(a.headers)}/revoke-sessions`,
            {},
            { headers: staff.headers },
          ),
      ],
      [
        'staff disabling the account',
        async (a) =>
          otp.post(`/api/v1/admin/users/${await idOf(a.headers)}/disable`, {}, { headers: staff.headers }),
      ],
    ];

  it.each(endings)('%s ends the pending verify and reset codes', async (_name, end) => {
    const account = await otp.signUpWithEmail();
    const next = uniqueEmail('pending');
    const verifyCode = await otp.requestVerificationCode(account.headers, next);
    const resetCode = await otp.requestResetCode(account.email);
    const ended = (await end(account)) as { statusCode: number; body: string };
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await otp.verifyEmail(next, verifyCode)).json()).toEqual({ message: 'Invalid or expired OTP' });
    expect((await otp.resetPassword(account.email, resetCode)).json()).toEqual({
      message: 'Invalid or expired OTP',
    });
  });

  it('a password reset ends the pending verify code', async () => {
    const account = await otp.signUpWithEmail();
    const next = uniqueEmail('pending');
    const verifyCode = await otp.requestVerificationCode(account.headers, next);
    const resetCode = await otp.requestResetCode(account.email);
    expect((await otp.resetPassword(account.email, resetCode)).statusCode).toBe(200);
    expect((await otp.verifyEmail(next, verifyCode)).json()).toEqual({ message: 'Invalid or expired OTP' });
  });
});
