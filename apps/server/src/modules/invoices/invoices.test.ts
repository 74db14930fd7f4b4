import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, ledgerEntries, mailOutbox, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { balanceCents, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { appCall } from '../../../test/api-fixtures.ts';

type Headers = Record<string, string>;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('deposits: invoices, receipts and staff approval', () => {
  let app: TestApp;
  let staff: Reseller;
  let alice: Reseller;
  let bob: Reseller;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    appCall(app, headers, method, url, payload);
  const create = (headers: Headers, body: object) => call('POST', '/invoices/create-invoice', headers, body);
  const raise = async (headers: Headers, amount = 25, type = 'cashapp') => {
    const res = await create(headers, { amount, type });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.invoice as { _id: string; note: string; amount: number; status: string };
  };
  const verify = (headers: Headers, invoice: string, cashAppUrl: string) =>
    call('POST', '/invoices/verify-cashapp', headers, { invoice, cashAppUrl });
  const receiptUrl = (id: string) => `https://cash.app/payments/${id}/receipt`;
  /** A new reseller whose e-mail address is verified, so deposit mail goes to it. */
  const resellerWithMail = async (email: string) => {
    const reseller = await signUpReseller(app);
    await app.ctx.db.update(users).set({ email, emailVerified: true }).where(eq(users.id, reseller.id));
    return reseller;
  };

  beforeAll(async () => {
    app = await createTestApp();
    staff = await signUpStaff(app);
    alice = await signUpReseller(app);
    bob = await signUpReseller(app);
  });
  afterAll(() => app.close());

  it('raises a pending invoice with its own short note and lists it newest first', async () => {
    const res = await create(alice.headers, { amount: '25.50', type: 'cashapp' });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(data.hosted_url).toBe('');
    expect(data.invoice).toMatchObject({
      amount: 25.5,
      payment_method: 'cashapp',
      status: 'pending',
      receipt: null,
    });
    expect(data.invoice.note).toMatch(/^LP-[2-9A-HJ-NP-Z]{5}$/);
    expect(message).toBe(`Invoice ${data.invoice.note} created`);
    const second = await raise(alice.headers, 10, 'paypal');
    expect(second.note).not.toBe(data.invoice.note);
    const list = (await call('GET', '/invoices/readAll?page=1&limit=10', alice.headers)).json();
    expect(list.invoices.map((i: { _id: string }) => i._id)).toEqual([second._id, data.invoice._id]);
    expect(list.totalPages).toBe(1);
    expect((await call('GET', '/invoices/readAll', bob.headers)).json().invoices).toEqual([]);
  });

  it('refuses amounts of 0, 0.001, -5, text, above the maximum, and an unknown method, saving nothing', async () => {
    const before = (await app.ctx.db.select().from(invoices)).length;
    const cases: Array<[object, string]> = [
      [{ amount: 0, type: 'cashapp' }, 'Amount must be greater than 0'],
      [{ amount: 0.001, type: 'cashapp' }, 'Amount must have at most 2 decimals'],
      [{ amount: -5, type: 'cashapp' }, 'Amount must be greater than 0'],
      [{ amount: 'ten', type: 'cashapp' }, 'Amount must be a number'],
      [{ type: 'cashapp' }, 'Amount is required'],
      [{ amount: 10_000.01, type: 'cashapp' }, 'Amount must be at most $10,000.00'],
      [{ amount: 0.5, type: 'cashapp' }, 'Amount must be at least $1.00'],
      [{ amount: 10, type: 'bitcoin' }, 'Payment method must be Card, Paypal or CashApp'],
      // Cards are taken only on a payment provider's page (issue 44): without one, no card invoice.
      [{ amount: 10, type: 'stripe' }, 'Card payments are not available right now'],
    ];
    for (const [body, message] of cases) {
      const res = await create(bob.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await app.ctx.db.select().from(invoices)).length).toBe(before);
  });

  it('allows at most 5 pending invoices per reseller', async () => {
    const carol = await signUpReseller(app);
    for (let i = 0; i < 5; i++) await raise(carol.headers, 5);
    const sixth = await create(carol.headers, { amount: 5, type: 'cashapp' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain('You have 5 pending invoices');
  });

  it('stores a CashApp receipt link or id on the pending invoice', async () => {
    const invoice = await raise(alice.headers);
    const ok = await verify(alice.headers, invoice._id, receiptUrl('4abc9xyz0q7'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toContain(invoice.note);
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    expect(row).toMatchObject({
      status: 'pending',
      receipt: '4ABC9XYZ0Q7',
      receiptUrl: receiptUrl('4abc9xyz0q7'),
    });
  });

  it('refuses a receipt link from another site', async () => {
    const invoice = await raise(alice.headers);
    const elsewhere = await verify(
      alice.headers,
      invoice._id,
      'https://evil.example/payments/4abc9xyz0q7/receipt',
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain('Only CashApp receipt links are accepted');
  });

  it('refuses a duplicate receipt, however it is written', async () => {
    const grace = await signUpReseller(app);
    const first = await raise(grace.headers);
    expect((await verify(grace.headers, first._id, receiptUrl('5abc9xyz0q7'))).statusCode).toBe(200);
    const other = await raise(grace.headers);
    const reused = await verify(grace.headers, other._id, '#5ABC9XYZ0Q7');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This receipt was already used for another invoice');
  });

  it('answers 404 to a receipt for another reseller’s invoice or an unknown id', async () => {
    const henry = await signUpReseller(app);
    const invoice = await raise(henry.headers);
    expect((await verify(bob.headers, invoice._id, receiptUrl('zzz999yyy8'))).statusCode).toBe(404);
    expect((await verify(bob.headers, 'not-an-id', receiptUrl('zzz999yyy8'))).statusCode).toBe(404);
  });

  it('takes a PayPal transaction id, not a CashApp link, for a PayPal invoice', async () => {
    const paypal = await raise(alice.headers, 10, 'paypal');
    expect((await verify(alice.headers, paypal._id, receiptUrl('4abc9xyz0q8'))).statusCode).toBe(400);
    expect((await verify(alice.headers, paypal._id, '9AB12345CD6789012')).statusCode).toBe(200);
  });

  it('staff approve once: one deposit entry keyed by the invoice, audited; then refused both ways', async () => {
    const dave = await resellerWithMail('dave@example.com');
    const invoice = await raise(dave.headers, 25);
    const before = await balanceCents(app.database.db, dave.id);
    expect(
      (await call('POST', `/admin/invoices/${invoice._id}/approve`, dave.headers, { receipt: null }))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', `/admin/invoices/${invoice._id}/approve`, staff.headers, {
      receipt: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({
      status: 'completed',
      decidedBy: expect.any(String),
    });
    expect(await balanceCents(app.database.db, dave.id)).toBe(before + 2500);
    const entries = await app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceKey, `deposit:invoice:${invoice._id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'deposit', amountCents: 2500, createdBy: staff.id });
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, invoice._id));
    expect(audit.map((a) => a.action)).toEqual(['invoice.approve']);

    const again = await call('POST', `/admin/invoices/${invoice._id}/approve`, staff.headers, {
      receipt: null,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice is already approved');
    const cancel = await call('POST', `/admin/invoices/${invoice._id}/cancel`, staff.headers, {
      reason: 'x',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('An approved invoice cannot be cancelled');
    expect(await balanceCents(app.database.db, dave.id)).toBe(before + 2500);

    const mail = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dave@example.com'));
    expect(mail.map((m) => m.subject)).toContain('Your $25.00 deposit is in your LabelPort balance');
    const seen = (await call('GET', '/invoices/readAll', dave.headers)).json().invoices[0];
    expect(seen).toMatchObject({ _id: invoice._id, status: 'completed', decidedAt: expect.any(String) });
  });

  it('keeps every receipt given for an invoice, so one never moves to another invoice once replaced', async () => {
    const erin = await signUpReseller(app);
    const first = await raise(erin.headers, 30);
    expect((await verify(erin.headers, first._id, receiptUrl('aaa111bbb2'))).statusCode).toBe(200);
    expect((await verify(erin.headers, first._id, receiptUrl('ccc333ddd4'))).statusCode).toBe(200);
    const second = await raise(erin.headers, 30);
    const moved = await verify(erin.headers, second._id, receiptUrl('aaa111bbb2'));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('This receipt was already used for another invoice');

    const listed = (await call('GET', `/admin/invoices?search=${first.note}`, staff.headers)).json();
    expect(listed.invoices[0]).toMatchObject({
      receipt: 'CCC333DDD4',
      receipts: [
        { receipt: 'CCC333DDD4', receiptUrl: receiptUrl('ccc333ddd4'), submittedAt: expect.any(String) },
        { receipt: 'AAA111BBB2', receiptUrl: receiptUrl('aaa111bbb2'), submittedAt: expect.any(String) },
      ],
    });
  });

  it('approves only with the receipt staff saw: a changed receipt is a 409 and moves no money', async () => {
    const fay = await signUpReseller(app);
    const invoice = await raise(fay.headers, 35);
    const approve = (receipt: string | null) =>
      call('POST', `/admin/invoices/${invoice._id}/approve`, staff.headers, { receipt });
    expect((await call('POST', `/admin/invoices/${invoice._id}/approve`, staff.headers, {})).statusCode).toBe(
      400,
    );
    await verify(fay.headers, invoice._id, receiptUrl('eee555fff6'));
    const none = await approve(null);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      `The receipt on ${invoice.note} changed to EEE555FFF6 since you looked; check it before approving`,
    );
    // Staff look at EEE555FFF6; the reseller swaps it before they press Approve.
    await verify(fay.headers, invoice._id, receiptUrl('ggg777hhh8'));
    const stale = await approve('EEE555FFF6');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed to GGG777HHH8 since you looked');
    expect(await balanceCents(app.database.db, fay.id)).toBe(0);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, invoice._id))).toEqual([]);

    const ok = await approve('GGG777HHH8');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().invoice).toMatchObject({ status: 'completed', receipt: 'GGG777HHH8' });
    expect(await balanceCents(app.database.db, fay.id)).toBe(3500);
  });

  it('cancel takes a reason the reseller sees; a cancelled invoice cannot be approved', async () => {
    const invoice = await raise(bob.headers, 40, 'paypal');
    const noReason = await call('POST', `/admin/invoices/${invoice._id}/cancel`, staff.headers, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('POST', `/admin/invoices/${invoice._id}/cancel`, staff.headers, {
      reason: 'No payment with this note arrived',
    });
    expect(res.statusCode).toBe(200);
    const seen = (await call('GET', '/invoices/readAll', bob.headers)).json().invoices[0];
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'No payment with this note arrived' });
    const approve = await call('POST', `/admin/invoices/${invoice._id}/approve`, staff.headers, {
      receipt: null,
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('A cancelled invoice cannot be approved');
    expect(await balanceCents(app.database.db, bob.id)).toBe(0);
    const late = await verify(bob.headers, invoice._id, '9AB12345CD6789099');
    expect(late.statusCode).toBe(409);
  });

  it('mails a reseller whose address is verified that their invoice was cancelled, and why', async () => {
    const gus = await resellerWithMail('gus@example.com');
    const invoice = await raise(gus.headers, 40, 'paypal');
    const res = await call('POST', `/admin/invoices/${invoice._id}/cancel`, staff.headers, {
      reason: 'No payment with this note arrived',
    });
    expect(res.statusCode).toBe(200);
    const mail = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gus@example.com'));
    expect(mail.map((m) => m.subject)).toEqual(['Your $40.00 LabelPort invoice was cancelled']);
    expect(mail[0]!.text).toContain('Reason: No payment with this note arrived');
  });

  it('lists the queue for staff by note or reseller search, and by status and method', async () => {
    const invoice = await raise(bob.headers, 12);
    const byNote = (
      await call('GET', `/admin/invoices?search=${invoice.note.toLowerCase()}`, staff.headers)
    ).json();
    expect(byNote.invoices).toHaveLength(1);
    expect(byNote.invoices[0]).toMatchObject({ _id: invoice._id, reseller: { _id: bob.id } });
    const pendingPaypal = (
      await call('GET', '/admin/invoices?status=pending&method=paypal', staff.headers)
    ).json();
    expect(
      pendingPaypal.invoices.every(
        (i: { status: string; payment_method: string }) =>
          i.status === 'pending' && i.payment_method === 'paypal',
      ),
    ).toBe(true);
  });

  it('counts the pending deposits on the staff overview', async () => {
    await raise(bob.headers, 13);
    const pending = (await app.ctx.db.select().from(invoices).where(eq(invoices.status, 'pending'))).length;
    expect((await call('GET', '/admin/overview', staff.headers)).json().depositsPending).toBe(pending);
  });

  it('refuses an unknown status filter, and the queue to a reseller', async () => {
    expect((await call('GET', '/admin/invoices?status=bogus', staff.headers)).statusCode).toBe(400);
    expect((await call('GET', '/admin/invoices', alice.headers)).statusCode).toBe(403);
  });

  it('settings: the whole form saves as the console sends it, unused-label voids off (null), on, then off again', async () => {
    const form = {
      cashappTag: '',
      paypalInstructions: '',
      enabledPaymentMethods: ['cashapp', 'paypal'],
      minDeposit: 1,
      maxDeposit: 10_000,
      refundWindowDays: 30,
    };
    for (const unusedLabelVoidDays of [null, 28, null]) {
      const saved = await call('PUT', '/admin/settings', staff.headers, { ...form, unusedLabelVoidDays });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().unusedLabelVoidDays).toBe(unusedLabelVoidDays);
      expect((await call('GET', '/admin/settings', staff.headers)).json().unusedLabelVoidDays).toBe(
        unusedLabelVoidDays,
      );
    }
  });

  it('settings: limits and methods apply to new invoices; the QR is checked, served from our origin, audited', async () => {
    const bad = await call('PUT', '/admin/settings', staff.headers, { minDeposit: 50, maxDeposit: 20 });
    expect(bad.statusCode).toBe(400);
    const saved = await call('PUT', '/admin/settings', staff.headers, {
      cashappTag: '$LabelPort',
      paypalInstructions: 'Send to pay@labelport.example as Friends and Family.',
      enabledPaymentMethods: ['cashapp'],
      minDeposit: 20,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      cashappTag: '$LabelPort',
      minDeposit: 20,
      enabledPaymentMethods: ['cashapp'],
    });
    expect((await create(bob.headers, { amount: 10, type: 'cashapp' })).json().message).toBe(
      'Amount must be at least $20.00',
    );
    expect((await create(bob.headers, { amount: 30, type: 'paypal' })).json().message).toBe(
      'Paypal payments are not available right now',
    );
    const options = (await call('GET', '/website/deposit-options', bob.headers)).json();
    expect(options).toMatchObject({ minDeposit: 20, methods: ['cashapp'] });

    const upload = async (data: Buffer, filename: string) => {
      const body = await multipartPayload({ file: { data, filename, contentType: 'image/png' } });
      return app.inject({
        method: 'POST',
        url: '/api/v1/admin/settings/cashapp-qr',
        headers: { ...staff.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'qr.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The QR code must be a PNG or JPEG image');
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'qr.png');
    expect(huge.statusCode).toBe(413);
    const ok = await upload(PNG, 'qr.png');
    expect(ok.statusCode).toBe(200);
    const { cashapp } = (await call('GET', '/website/get-cashapp', bob.headers)).json();
    expect(cashapp.cashappId).toBe('$LabelPort');
    expect(cashapp.qr).toMatch(/^\/api\/v1\/website\/cashapp-qr\/[0-9a-f-]{36}$/);
    const image = await app.inject({ url: cashapp.qr });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await app.inject({ url: '/api/v1/website/cashapp-qr/00000000-0000-0000-0000-000000000000' }))
        .statusCode,
    ).toBe(404);
    const actions = (await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetType, 'settings'))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['settings.update', 'settings.cashapp_qr_upload']));
    await call('PUT', '/admin/settings', staff.headers, {
      enabledPaymentMethods: ['paypal', 'cashapp'],
      minDeposit: 1,
    });
  });
});
