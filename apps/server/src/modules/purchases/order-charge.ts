import type { OrderItem } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { LABEL_QUEUE, type LabelJobData } from '../../jobs/queues.ts';
import { insufficientBalanceError, postLedgerEntry } from '../ledger/ledger.service.ts';
import { findUserById } from '../users/users.service.ts';
import { recordActivity, type Buyer } from '../teams/teams.service.ts';
import { formatCents } from '@portal/shared';
import { insertOrderItems } from './order-items.repository.ts';
import {
  findOrdersOfBatch,
  insertOrders,
  type NewOrderRow,
  type OrderWithType,
} from './purchase-orders.repository.ts';

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

/** A purchase's charge: one `order_charge` ledger entry, keyed so the purchase is charged once. */
export type PurchaseCharge = {
  userId: string;
  sourceKey: string;
  amountCents: number;
  note: string;
  /** How the 402 names what could not be paid for ("order", "bulk order"). */
  what: string;
};

/** The queue takes this many label jobs in one statement. */
const JOB_CHUNK = 2000;

/**
 * The one charge path of every label purchase: single orders, duplicates, API orders, CSV and API bulk
 * orders. In one transaction: the purchase's own checks (`before`), one ledger entry for the whole
 * purchase (refused below zero), its inserts, a label job per new order, and `inTransaction` (the
 * Idempotency-Key reply, decision 152). All of it commits or none; a charge the balance cannot cover
 * becomes the 402 that says how much is missing. The label workers are woken after the commit.
 */
export async function chargePurchase<T>(
  ctx: AppContext,
  charge: PurchaseCharge,
  steps: {
    before?: (tx: Tx) => Promise<void>;
    /** `buyer`: the member the purchase is charged for, whom its rows name as `createdBy`. */
    insert: (tx: Tx, balanceCents: number, buyer: Buyer) => Promise<{ result: T; orderIds: string[] }>;
    inTransaction?: InTransaction<T> | undefined;
  },
): Promise<T> {
  try {
    const result = await ctx.db.transaction(async (tx: Tx) => {
      await steps.before?.(tx);
      const posted = await postLedgerEntry(tx, {
        userId: charge.userId,
        kind: 'order_charge',
        amountCents: -charge.amountCents,
        sourceKey: charge.sourceKey,
        note: charge.note,
      });
      if (!posted.applied) throw new AlreadyCharged();
      const { result, orderIds } = await steps.insert(tx, posted.balanceCents ?? 0, posted.buyer!);
      await recordActivity(
        tx,
        charge.userId,
        charge.what === 'bulk order' ? 'bulk_order.created' : 'order.created',
        `${charge.note}: ${formatCents(charge.amountCents)}`,
      );
      for (let i = 0; i < orderIds.length; i += JOB_CHUNK) {
        const jobs: LabelJobData[] = orderIds.slice(i, i + JOB_CHUNK).map((orderId) => ({ orderId }));
        await ctx.jobs.sendInTransaction(tx, LABEL_QUEUE, jobs);
      }
      await steps.inTransaction?.(tx, result);
      return result;
    });
    ctx.jobs.wake(LABEL_QUEUE);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      throw await insufficientBalanceError(ctx.db, { ...charge });
    }
    throw error;
  }
}

/** The columns that name who bought an order or a bulk order (issue 45). */
export const boughtBy = (buyer: Buyer) => ({
  createdById: buyer.memberId,
  createdByName: buyer.name,
  createdByKeyId: buyer.apiKeyId,
});

/**
 * Charges the balance and inserts the orders of one batch through `chargePurchase`. The charge's source
 * key is the batch id, so the same batch is never charged twice; a retried request is answered by the
 * one Idempotency-Key implementation before it gets here.
 */
export async function chargeAndInsert(
  ctx: AppContext,
  charge: { userId: string; batchId: string; amountCents: number; note: string },
  rows: NewOrderRow[],
  inTransaction?: InTransaction<ChargeResult>,
  /** What each order's parcel holds (the same for every order of the batch; decision 330). */
  items?: readonly OrderItem[],
): Promise<ChargeResult> {
  try {
    return await chargePurchase(
      ctx,
      { ...charge, sourceKey: `order:charge:${charge.batchId}`, what: 'order' },
      {
        insert: async (tx, balanceCents, buyer) => {
          const inserted = await insertOrders(
            tx,
            rows.map((row) => ({ ...row, ...boughtBy(buyer) })),
          );
          if (items?.length)
            await insertOrderItems(
              tx,
              inserted.map((o) => ({ orderId: o.id, items })),
            );
          return {
            result: { orders: inserted, balanceCents, isReplay: false },
            orderIds: inserted.map((o) => o.id),
          };
        },
        inTransaction,
      },
    );
  } catch (error) {
    if (!(error instanceof AlreadyCharged)) throw error;
    const user = await findUserById(ctx.db, charge.userId);
    const orders = await findOrdersOfBatch(ctx.db, charge.userId, charge.batchId);
    return { orders, balanceCents: user?.balanceCents ?? 0, isReplay: true };
  }
}
