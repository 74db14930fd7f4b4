import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import { createPostgresDatabaseUrl, createTestApp, rowsOf, type TestApp } from '../../../test/helper.ts';
import { consumeOtp, issueOtp, MAX_OTP_FAILURES } from './otp.service.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

// Guesses on separate connections: real PostgreSQL, as PGlite has one connection.
describe('one-time codes under concurrent guesses on postgres', () => {
  let app: TestApp;
  let url: string;
  beforeAll(async () => {
    url = await createPostgresDatabaseUrl();
    app = await createTestApp({ database: await createDatabase({ url, dataDir: '', poolSize: 20 }) });
  });
  afterAll(() => app.close());

  const newCode = async (email: string) => {
    const { id } = await signUpReseller(app);
    const mail = await issueOtp(app.ctx, { userId: id, purpose: 'verify_email', email, now: new Date() });
    return { userId: id, code: /^ {4}(\d{6})$/m.exec(mail.text)![1]! };
  };
  const guess = (email: string, code: string) =>
    consumeOtp(app.ctx, { purpose: 'verify_email', email, code, now: new Date() });
  const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it('refuses the right digits when five wrong guesses were counted while it was being compared', async () => {
    const email = 'racer@example.test';
    const { code } = await newCode(email);
    // Another connection holds the code's row, as five concurrent wrong guesses being counted would.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM otp_codes WHERE email = $1 FOR UPDATE', [email]);
      const right = guess(email, code).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
      for (let waiting = 0; waiting === 0;) {
        await new Promise((r) => setTimeout(r, 20));
        const [row] = await rowsOf(
          app.database,
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        waiting = Number(row!.n);
      }
      await other.query('UPDATE otp_codes SET failed_attempts = $1 WHERE email = $2', [
        MAX_OTP_FAILURES,
        email,
      ]);
      await other.query('COMMIT');
      expect(await right).toBe('Invalid or expired OTP');
    } finally {
      await other.end();
    }
  });

  it('lets 40 concurrent wrong guesses count five tries in all, after which the code is gone', async () => {
    const email = 'flood@example.test';
    const { code, userId } = await newCode(email);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => guess(email, wrong(code, i))),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await app.ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, userId))).toEqual([]);
    await expect(guess(email, code)).rejects.toThrow('Invalid or expired OTP');
  });

  it('still accepts the right code after four wrong tries, and only once', async () => {
    const email = 'careful@example.test';
    const { code } = await newCode(email);
    for (let i = 0; i < MAX_OTP_FAILURES - 1; i++)
      await expect(guess(email, wrong(code, i))).rejects.toThrow('Invalid or expired OTP');
    const both = await Promise.allSettled([guess(email, code), guess(email, code)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
