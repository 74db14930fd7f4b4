import { formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { findMailRecipient } from './refunds.repository.ts';

const escapeHtml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Tells the reseller, after the change committed, when their address is verified. A mail that
 * cannot be sent is logged: the refund or decision stands either way.
 */
async function tellReseller(ctx: AppContext, userId: string, subject: string, body: string): Promise<void> {
  const to = await findMailRecipient(ctx.db, userId);
  if (!to) return;
  const text = `Hello ${to.username},\n\n${body}\n\nLabelPort`;
  await ctx.mailer
    .send({ to: to.email, subject, text, html: `<p>${escapeHtml(text).split('\n\n').join('</p><p>')}</p>` })
    .catch((err: unknown) => ctx.log.error({ err, userId }, 'could not send the refund e-mail'));
}

export const mailRefunded = (
  ctx: AppContext,
  r: { userId: string; orderId: string; refundCents: number; balanceCents: number; reason: string },
) =>
  tellReseller(
    ctx,
    r.userId,
    `Order ${r.orderId} was refunded`,
    `We cancelled order ${r.orderId} and refunded ${formatCents(r.refundCents)} to your ` +
      `balance (reason: ${r.reason}). Your balance is now ${formatCents(r.balanceCents)}.`,
  );

export const mailRequestRejected = (
  ctx: AppContext,
  r: { userId: string; orderId: string; reason: string },
) =>
  tellReseller(
    ctx,
    r.userId,
    `Refund request for ${r.orderId} declined`,
    `We looked at your refund request for order ${r.orderId} and declined it: ${r.reason}`,
  );

export const mailVoidRejected = (ctx: AppContext, r: { userId: string; orderId: string; reason: string }) =>
  tellReseller(
    ctx,
    r.userId,
    `Refund of ${r.orderId} rejected`,
    `We asked the carrier to void the label of order ${r.orderId} so we could refund it, and the ` +
      `refund was rejected: ${r.reason}. Your balance was not changed.`,
  );
