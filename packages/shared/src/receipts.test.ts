import { describe, expect, it } from 'vitest';
import { parseReceipt } from './receipts.ts';

describe('parseReceipt', () => {
  it('reads a CashApp receipt link and a bare transaction id, upper-casing the id', () => {
    expect(parseReceipt('cashapp', ' https://cash.app/payments/4abc9xyz0q7/receipt ')).toEqual({
      ok: true,
      id: '4ABC9XYZ0Q7',
      url: 'https://cash.app/payments/4abc9xyz0q7/receipt',
    });
    expect(parseReceipt('cashapp', '#D7S4P2QX')).toEqual({ ok: true, id: 'D7S4P2QX', url: null });
  });

  it('refuses links to other sites, plain http and other CashApp pages', () => {
    for (const bad of [
      'https://evil.example/payments/4abc9xyz0q7/receipt',
      'https://cash.app.evil.example/payments/4abc9xyz0q7/receipt',
      'http://cash.app/payments/4abc9xyz0q7/receipt',
      'https://cash.app/$someone',
      'javascript:alert(1)',
    ])
      expect(parseReceipt('cashapp', bad)).toMatchObject({
        ok: false,
        message: expect.stringContaining('CashApp'),
      });
    expect(parseReceipt('cashapp', 'abc')).toMatchObject({ ok: false });
  });

  it('takes a 17-character PayPal transaction id and nothing else', () => {
    expect(parseReceipt('paypal', '9ab12345cd6789012')).toEqual({
      ok: true,
      id: '9AB12345CD6789012',
      url: null,
    });
    expect(parseReceipt('paypal', 'https://cash.app/payments/4abc9xyz0q7/receipt')).toMatchObject({
      ok: false,
    });
  });
});
