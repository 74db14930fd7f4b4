import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { insufficientBalanceError, postLedgerEntry } from '../ledger/ledger.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { chargeKey } from './courier-money.ts';
import { findCourierOrder, moveCourierOrder, type CourierOrderRow } from './courier.repository.ts';
import { courierEvent } from './courier-view.ts';
import { ownCourierOrder } from './own-courier-order.ts';

const notAwaiting = (row: CourierOrderRow) =>
  new AppError(
    'CONFLICT',
    `This order is ${row.status}; only an order Awaiting User Input can be accepted or rejected`,
  );

/**
 * Accept (In Process, charged the quoted price) or Reject (Cancelled) an order Awaiting User Input.
 * The move and the charge share one transaction: without the balance nothing changes.
 */
export async function answerCourierQuote(
  ctx: AppContext,
  userId: string,
  id: string,
  status: 'In Process' | 'Cancelled',
): Promise<string> {
  const current = await ownCourierOrder(ctx, userId, id);
  if (current.status !== 'Awaiting User Input') throw notAwaiting(current);
  const priceCents = current.priceCents ?? 0;
  try {
    await ctx.db.transaction(async (tx) => {
      const moved = await moveCourierOrder(tx, id, ['Awaiting User Input'], {
        status,
        ...(status === 'In Process' ? { chargedCents: priceCents } : {}),
      });
      if (!moved) throw notAwaiting((await findCourierOrder(tx, id)) ?? current);
      if (status === 'In Process') {
        await postLedgerEntry(tx, {
          userId,
          kind: 'order_charge',
          amountCents: -priceCents,
          sourceKey: chargeKey(id),
          note: `Overnight FedEx order ${id.slice(0, 8)}`,
        });
      }
      await emitWebhookEvent(ctx, tx, courierEvent(moved));
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      throw await insufficientBalanceError(ctx.db, {
        userId,
        amountCents: priceCents,
        what: 'courier order',
      });
    }
    throw error;
  }
  return status === 'In Process' ? 'Order accepted' : 'Order rejected';
}
