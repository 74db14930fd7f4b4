import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { uniqueEmail } from '../../../test/otp-fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { type Reseller } from '../../../test/order-fixtures.ts';
import { complete, createCourier, quote, setStatus } from './test-support.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

describe('courier order mail over SMTP', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let staff: Reseller;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await createTestApp({ env: { SMTP_URL: smtp.url } });
    staff = await signUpStaff(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const resellerWith = async (email: string, emailVerified: boolean) => {
    const reseller = await signUpReseller(app, 10_000);
    await app.ctx.db.update(users).set({ email, emailVerified }).where(eq(users.id, reseller.id));
    return reseller;
  };

  it('tells a verified reseller of the quote (price and note) and of the completion', async () => {
    const email = uniqueEmail('courier');
    const reseller = await resellerWith(email, true);
    const id = await createCourier(app, reseller.headers);
    const ref = id.slice(0, 8);
    expect((await quote(app, staff.headers, id, 42.5, 'Pickup at 5pm')).statusCode).toBe(200);
    const quoted = await smtp.waitForMail(email);
    expect(quoted.subject).toBe(`Your Overnight FedEx order ${ref} has a quote`);
    expect(quoted.text).toContain('$42.50');
    expect(quoted.text).toContain('Note: Pickup at 5pm');

    expect((await setStatus(app, reseller.headers, id, 'In Process')).statusCode).toBe(200);
    expect((await complete(app, staff.headers, id)).statusCode).toBe(200);
    const done = await smtp.waitForMail(email, 1);
    expect(done.subject).toBe(`Your Overnight FedEx order ${ref} is completed`);
    expect(done.text).toContain('download the file');
    // Accepting is the reseller's own move: no mail for it.
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
  });

  it("escapes staff's note in the mail's HTML as every mail does", async () => {
    const email = uniqueEmail('escaped');
    const reseller = await resellerWith(email, true);
    const id = await createCourier(app, reseller.headers);
    expect((await quote(app, staff.headers, id, 42.5, '<b>"Dock 5" & gate</b>')).statusCode).toBe(200);
    const quoted = await smtp.waitForMail(email);
    expect(quoted.text).toContain('Note: <b>"Dock 5" & gate</b>');
    expect(quoted.html).toContain('<p>Note: &#60;b&#62;&#34;Dock 5&#34; &#38; gate&#60;/b&#62;</p>');
  });

  it('sends nothing to an address the reseller has not verified', async () => {
    const email = uniqueEmail('unverified');
    const reseller = await resellerWith(email, false);
    const id = await createCourier(app, reseller.headers);
    const before = smtp.mails.length;
    expect((await quote(app, staff.headers, id)).statusCode).toBe(200);
    // A verified reseller's quote after it: once that mail is in, the earlier one would be too.
    const control = uniqueEmail('control');
    const other = await resellerWith(control, true);
    expect((await quote(app, staff.headers, await createCourier(app, other.headers))).statusCode).toBe(200);
    await smtp.waitForMail(control);
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual([control]);
  });
});
