import type { PaymentMethod } from './schemas/settings.ts';

export type ParsedReceipt = { ok: true; id: string; url: string | null } | { ok: false; message: string };

const CASHAPP_ID = /^[A-Za-z0-9]{6,40}$/;
const PAYPAL_ID = /^[A-Za-z0-9]{17}$/;

/**
 * The receipt a reseller gives for a payment: a CashApp receipt link
 * (`https://cash.app/payments/<id>/receipt`) or its transaction id, or a PayPal transaction id (17 letters and
 * digits). The id comes back upper case, so the same payment cannot be given twice in another case.
 */
export function parseReceipt(method: PaymentMethod, input: string): ParsedReceipt {
  const text = input.trim();
  if (method === 'paypal') {
    const id = text.replace(/^#/, '');
    return PAYPAL_ID.test(id)
      ? { ok: true, id: id.toUpperCase(), url: null }
      : { ok: false, message: 'Enter the PayPal transaction ID: 17 letters and digits' };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.includes('/')) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return {
        ok: false,
        message: 'Enter a CashApp receipt link (https://cash.app/payments/…/receipt) or the transaction ID',
      };
    }
    const match = /^\/payments\/([A-Za-z0-9]+)\/receipt\/?$/.exec(url.pathname);
    const host = url.hostname.toLowerCase();
    if (
      url.protocol !== 'https:' ||
      (host !== 'cash.app' && host !== 'www.cash.app') ||
      !match ||
      !CASHAPP_ID.test(match[1]!)
    )
      return {
        ok: false,
        message: 'Only CashApp receipt links are accepted: https://cash.app/payments/…/receipt',
      };
    const id = match[1]!.toUpperCase();
    return { ok: true, id, url: `https://cash.app/payments/${match[1]}/receipt` };
  }
  const id = text.replace(/^#/, '');
  return CASHAPP_ID.test(id)
    ? { ok: true, id: id.toUpperCase(), url: null }
    : {
        ok: false,
        message: 'Enter a CashApp receipt link or the transaction ID (6 to 40 letters and digits)',
      };
}
