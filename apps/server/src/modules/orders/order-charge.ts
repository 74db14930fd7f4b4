import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { LABEL_QUEUE, type LabelJobData } from '../../jobs/queues.ts';
import { insufficientBalanceError, postLedgerEntry } from '../ledger/ledger.service.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  findOrdersOfBatch,
  insertOrders,
  type NewOrderRow,
  type OrderWithType,
} from './orders.repository.ts';

/** The charge already exists: this request is a replay of one that succeeded. */
class AlreadyCharged extends Error {}

export type ChargeResult = { orders: OrderWithType[]; balanceCents: number; isReplay: boolean };

/**
 * Work that must commit together with a purchase's charge, given the purchase's result: the
 * Idempotency-Key implementation stores its reply here, so "charged" never commits without it.
 */
export type InTransaction<T> = (tx: Tx, result: T) => Promise<void>;

/** The same hook for a caller that turns this layer's result into its own (a pure mapping). */
export const mapInTransaction = <A, B>(
  hook: InTransaction<B> | undefined,
  toResult: (a: A) => B,
): InTransaction<A> | undefined => hook && ((tx, a) => hook(tx, toResult(a)));

/**
 * Charges the balance and inserts the orders and their label jobs in one transaction: either all of
 * it happens or none. A charge the balance cannot cover throws INSUFFICIENT_BALANCE and rolls back.
 * The charge's source key is the batch id, so the same batch is never charged twice; a retried
 * request is answered by the one Idempotency-Key implementation before it gets here, which stores
 * its reply through `inTransaction` in this same transaction (decision 152).
 */
export async function chargeAndInsert(
  ctx: AppContext,
  charge: { userId: string; batchId: string; amountCents: number; note: string },
  rows: NewOrderRow[],
  inTransaction?: InTransaction<ChargeResult>,
): Promise<ChargeResult> {
  try {
    const result = await ctx.db.transaction(async (tx: Tx) => {
      const posted = await postLedgerEntry(tx, {
        userId: charge.userId,
        kind: 'order_charge',
        amountCents: -charge.amountCents,
        sourceKey: `order:charge:${charge.batchId}`,
        note: charge.note,
      });
      if (!posted.applied) throw new AlreadyCharged();
      const inserted = await insertOrders(tx, rows);
      const jobs: LabelJobData[] = inserted.map((o) => ({ orderId: o.id }));
      await ctx.jobs.sendInTransaction(tx, LABEL_QUEUE, jobs);
      const charged = { orders: inserted, balanceCents: posted.balanceCents ?? 0, isReplay: false };
      await inTransaction?.(tx, charged);
      return charged;
    });
    ctx.jobs.wake(LABEL_QUEUE);
    return result;
  } catch (error) {
    if (error instanceof AlreadyCharged) {
      const user = await findUserById(ctx.db, charge.userId);
      const orders = await findOrdersOfBatch(ctx.db, charge.userId, charge.batchId);
      return { orders, balanceCents: user?.balanceCents ?? 0, isReplay: true };
    }
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      throw await insufficientBalanceError(ctx.db, { ...charge, what: 'order' });
    }
    throw error;
  }
}
