import { centsToDollars, formatCents, type CourierOrderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { findUserById } from '../users/users.service.ts';
import type { CourierOrderRow } from './courier.repository.ts';

export const toCourierView = (row: CourierOrderRow): CourierOrderView => ({
  _id: row.id,
  uuid: row.id,
  status: row.status,
  price: row.priceCents === null ? null : centsToDollars(row.priceCents),
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  file: row.fileId ? `/api/v1/fed/download/${row.id}` : null,
  from: row.fromAddress,
  to: row.toAddress,
  weight: row.weight,
  length: row.length,
  width: row.width,
  height: row.height,
  weightUnit: row.weightUnit,
  dimensionUnit: row.dimensionUnit,
  specialNotes: row.specialNotes,
});

/** The `courier_order.updated` webhook payload: the order as the reseller's list shows it. */
export const courierEvent = (row: CourierOrderRow) => ({
  userId: row.userId,
  type: 'courier_order.updated' as const,
  data: toCourierView(row),
});

/** Quote and completion mails go to verified addresses only, after the change committed. */
export async function mailReseller(ctx: AppContext, row: CourierOrderRow): Promise<void> {
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.email || !user.emailVerified) return;
  const ref = row.id.slice(0, 8);
  const quoted = row.status === 'Awaiting User Input';
  const subject = quoted
    ? `Your Overnight FedEx order ${ref} has a quote`
    : `Your Overnight FedEx order ${ref} is completed`;
  const lines = quoted
    ? [
        `Staff quoted ${formatCents(row.priceCents ?? 0)} for your courier order ${ref}.`,
        row.note ? `Note: ${row.note}` : '',
        'Open Overnight FedEx in the portal to accept or reject it.',
      ]
    : [`Your courier order ${ref} is completed.`, 'Open Overnight FedEx in the portal to download the file.'];
  const text = lines.filter(Boolean).join('\n\n');
  const html = lines
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
  try {
    await ctx.mailer.send({ to: user.email, subject, text, html });
  } catch (err) {
    ctx.log.error({ err, courierOrderId: row.id }, 'the courier order mail could not be sent');
  }
}
