import type { DepositOptions } from '@portal/shared';

const MANUAL_ONLY = {
  description: 'Add funds to your balance by Paypal or CashApp invoice.',
  credit: 'Staff credit an invoice once its payment arrives, usually within a few hours.',
};

/**
 * How Deposits names the ways in and when each is credited: the methods a payment provider serves by
 * name (only those on offer: PayPal alone is not "card"), credited as soon as they clear; any method left
 * manual as an invoice, credited by staff.
 */
export function depositWording(options: DepositOptions | undefined): { description: string; credit: string } {
  const hosted = options?.hosted ?? [];
  if (hosted.length === 0) return MANUAL_ONLY;
  const manual = (options?.methods ?? []).some((m) => !hosted.some((h) => h.method === m));
  const ways = hosted.map((h) => (h.method === 'stripe' ? 'card' : h.label));
  const or = new Intl.ListFormat('en', { type: 'disjunction' });
  const and = new Intl.ListFormat('en', { type: 'conjunction' });
  return {
    description: `Add funds to your balance by ${or.format(manual ? [...ways, 'invoice'] : ways)}.`,
    credit: `${and.format(hosted.map((h) => h.label))} payments are credited as soon as they clear${
      manual ? '; staff credit an invoice once its payment arrives, usually within a few hours' : ''
    }.`,
  };
}
