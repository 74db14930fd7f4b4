import { formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { paragraphsHtml } from '../../mail/escape-html.ts';
import { findMailRecipient } from './refunds.repository.ts';

/**
 * Tells the reseller, after the change committed, when their address is verified. A mail that
 * cannot be sent is logged: the refund or decision stands either way.
 */
async function tellReseller(ctx: AppContext, userId: string, subject: string, body: string): Promise<void> {
  const to = await findMailRecipient(ctx.db, userId);
  if (!to) return;
  const text = `Hello ${to.username},\n\n${body}\n\nLabelPort`;
  await ctx.mailer
    .send({ to: to.email, subject, text, html: paragraphsHtml(text) })
    .catch((err: unknown) => ctx.log.error({ err, userId }, 'could not send the refund e-mail'));
}

export const mailRefunded = (
  ctx: AppContext,
  refund: { userId: string; orderId: string; refundCents: number; balanceCents: number; reason: string },
) =>
  tellReseller(
    ctx,
    refund.userId,
    `Order ${refund.orderId} was refunded`,
    `We cancelled order ${refund.orderId} and refunded ${formatCents(refund.refundCents)} to your ` +
      `balance (reason: ${refund.reason}). Your balance is now ${formatCents(refund.balanceCents)}.`,
  );

/** A refund that was not made: the order, and why not. */
type Rejection = { userId: string; orderId: string; reason: string };

/** The mail telling a reseller a refund was not made, in `subject` and `body`'s words. */
const rejectionMail =
  (subject: (orderId: string) => string, body: (rejection: Rejection) => string) =>
  (ctx: AppContext, rejection: Rejection) =>
    tellReseller(ctx, rejection.userId, subject(rejection.orderId), body(rejection));

export const mailRequestRejected = rejectionMail(
  (orderId) => `Refund request for ${orderId} declined`,
  ({ orderId, reason }) => `We looked at your refund request for order ${orderId} and declined it: ${reason}`,
);

export const mailVoidRejected = rejectionMail(
  (orderId) => `Refund of ${orderId} rejected`,
  ({ orderId, reason }) =>
    `We asked the carrier to void the label of order ${orderId} so we could refund it, and the ` +
    `refund was rejected: ${reason}. Your balance was not changed.`,
);
