import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  createTestApp,
  createTestDatabase,
  logSink,
  signUp,
  solveCaptcha,
  type TestApp,
} from '../../test/helper.ts';
import { uniqueEmail } from '../../test/otp-fixtures.ts';
import { codeFrom, startSmtpSink } from '../../test/smtp-sink.ts';
import { createSmtpMailer, pooledSmtpUrl } from './smtp-mailer.ts';

const testEnv = {
  NODE_ENV: 'test',
  ALTCHA_MAX_NUMBER: '1000',
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  WEB_DIST_DIR: '/none',
};

describe('mail without SMTP_URL: the outbox', () => {
  let app: TestApp;
  const { stream, lines: logLines } = logSink();

  beforeAll(async () => {
    const database = await createTestDatabase();
    await database.migrate();
    const config = loadConfig({ ...testEnv, LOG_LEVEL: 'info', DEV_OUTBOX: '1' });
    const built = await buildApp({ config, database, logger: { level: 'info', stream } });
    built.addHook('onClose', async () => database.close());
    app = Object.assign(built, { database });
  });
  afterAll(async () => app.close());

  const outbox = (email: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox?email=${encodeURIComponent(email)}`,
      remoteAddress,
    });

  it('keeps the mail in the database and logs that it did, without the code', async () => {
    const { headers } = await signUp(app);
    const email = uniqueEmail();
    const res = await app.inject({ method: 'POST', url: '/api/v1/user/email', headers, payload: { email } });
    expect(res.statusCode).toBe(200);
    const { mails } = (await outbox(email)).json();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Verify your e-mail address for LabelPort' });
    const code = codeFrom(mails[0]);
    expect(mails[0].html).toContain(code);
    const queued = logLines.filter((l) => l.includes('mail queued to the outbox'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toContain(email);
    expect(logLines.join('\n')).not.toContain(code);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyEmail',
      payload: { email, OTP: code, captchaToken: await solveCaptcha(app) },
    });
    expect(verify.statusCode).toBe(200);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('stores only a keyed hash of each code', async () => {
    const rows = await app.database.executeSql('SELECT code_hash FROM otp_codes', []);
    const mails = await app.database.executeSql('SELECT text FROM mail_outbox', []);
    const codes = mails.rows.map((r) => codeFrom(r as { text: string }));
    for (const row of rows.rows) {
      expect(String(row.code_hash)).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(row.code_hash);
    }
  });

  it('serves the dev outbox only to this machine', async () => {
    expect((await outbox('a@example.test', '203.0.113.9')).statusCode).toBe(404);
    expect((await outbox('a@example.test')).json()).toEqual({ mails: [] });
  });
});

describe('GET /api/v1/dev/outbox', () => {
  it('does not exist unless DEV_OUTBOX is set', async () => {
    const app = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?email=a@example.test' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });

  it('cannot be turned on in production or next to SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX/);
    expect(() => loadConfig({ DEV_OUTBOX: 'true', SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/DEV_OUTBOX/);
  });
});

describe('mail with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => smtp.close());

  /** A migrated database of the test's own and a mailer sending to the sink, logging its mail there. */
  const smtpMailer = async () => {
    const database = await createTestDatabase();
    await database.migrate();
    const mailer = createSmtpMailer({
      url: smtp.url,
      from: 'LabelPort <no-reply@labelport.local>',
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    return { database, mailer };
  };

  it('pools connections: a burst of mail reuses one SMTP session', async () => {
    const { database, mailer } = await smtpMailer();
    for (let i = 0; i < 5; i += 1) {
      await mailer.send({
        to: `burst${i}@example.test`,
        subject: 'Hello',
        text: 'plain',
        html: '<p>html</p>',
      });
    }
    await mailer.close();
    expect(smtp.mails.filter((m) => m.to[0]?.startsWith('burst'))).toHaveLength(5);
    expect(smtp.connections()).toBe(1);
    await database.close();
  });

  it('logs each mail for the console as sent, with one-time codes masked and no HTML kept', async () => {
    const { database, mailer } = await smtpMailer();
    await mailer.send({
      to: 'logged@example.test',
      subject: 'Your code',
      text: 'Your code is 482913.',
      html: '<p>482913</p>',
    });
    await mailer.close();
    const { rows } = await database.executeSql(
      `select status, text, html from mail_outbox where "to" = 'logged@example.test'`,
    );
    expect(rows).toEqual([{ status: 'sent', text: 'Your code is ••••••.', html: '' }]);
    await database.close();
  });

  it('keeps an explicit pool setting in the URL', () => {
    expect(pooledSmtpUrl('smtp://user:pa%40ss@mail.example:587')).toBe(
      'smtp://user:pa%40ss@mail.example:587?pool=true',
    );
    expect(pooledSmtpUrl('smtps://mail.example?pool=false')).toBe('smtps://mail.example?pool=false');
  });
});
