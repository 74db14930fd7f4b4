import {
  createOrderBody,
  isPriority,
  RETURN_MESSAGES,
  type CreateOrderInput,
  type OrderView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import { requireLabelType } from '../label-types/label-types.service.ts';
import { createOrders } from './create-orders.ts';
import { type InTransaction, findOrderItems } from '../purchases/purchases.service.ts';
import { orderNotFound } from './order-answers.ts';
import { findOrderForUser, findReturnOf } from './orders.repository.ts';
import { type OrderWithType } from '../purchases/purchases.service.ts';

export type CreatedReturn = { message: string; order: OrderView; balance: number };

/** The return's shipment: the original's addresses the other way round, its parcel and its items. */
const returnInput = (
  order: OrderWithType,
  labelTypeId: string,
  uid: string,
  items: CreateOrderInput['items'],
) =>
  createOrderBody.safeParse({
    labelType: labelTypeId,
    quantity: 1,
    Weight: order.weight,
    Height: order.height,
    Width: order.width,
    Length: order.length,
    design: isPriority(uid) ? (order.design ?? 'pitney') : undefined,
    signature: false,
    // Already checked on the way out: the reseller is not asked to confirm them again.
    acceptAddressWarnings: true,
    FromName: order.toName,
    FromCompany: order.toCompany,
    FromStreet: order.toStreet,
    FromStreet2: order.toStreet2,
    FromCity: order.toCity,
    FromState: order.toState,
    FromZip: order.toZip,
    FromCountry: order.toCountry,
    FromPhone: order.toPhone,
    ToName: order.fromName,
    ToCompany: order.fromCompany,
    ToStreet: order.fromStreet,
    ToStreet2: order.fromStreet2,
    ToCity: order.fromCity,
    ToState: order.fromState,
    ToZip: order.fromZip,
    ToCountry: order.fromCountry,
    ToPhone: order.fromPhone,
    ...(items?.length ? { items } : {}),
  });

/**
 * POST /order/return/{id} (decision 331): a return label for a completed order, bought as a new order
 * through the one create and charge path (priced as any order, one ledger entry): the addresses swapped,
 * the label type staff chose for its returns or the same one, `returnOf` set. One return per order.
 */
export async function createReturnLabel(
  ctx: AppContext,
  {
    userId,
    id,
    source = 'app',
    inTransaction,
  }: {
    userId: string;
    id: string;
    source?: 'app' | 'api';
    inTransaction?: InTransaction<CreatedReturn> | undefined;
  },
): Promise<CreatedReturn> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  if (order.returnOf) throw new AppError('CONFLICT', RETURN_MESSAGES.isReturn);
  if (order.status !== 'completed') throw new AppError('CONFLICT', RETURN_MESSAGES.notCompleted);
  if (await findReturnOf(ctx.db, order.id)) throw new AppError('CONFLICT', RETURN_MESSAGES.alreadyReturned);
  const original = await requireLabelType(ctx.db, order.labelTypeId, userId);
  const type = original.returnLabelTypeId
    ? await requireLabelType(ctx.db, original.returnLabelTypeId, userId)
    : original;
  const items = (await findOrderItems(ctx.db, [order.id])).get(order.id);
  const parsed = returnInput(order, type.id, type.uid, items);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.fieldError(
      String(issue?.path[0] ?? 'order'),
      issue?.message ?? 'This order cannot be returned',
    );
  }
  const answer = (created: { orders: OrderView[]; balance: number }): CreatedReturn => ({
    message: RETURN_MESSAGES.created,
    order: created.orders[0]!,
    balance: created.balance,
  });
  try {
    const created = await createOrders(ctx, {
      userId,
      input: parsed.data,
      source,
      returnOf: order.id,
      inTransaction: inTransaction && ((tx, result) => inTransaction(tx, answer(result))),
    });
    return answer(created);
  } catch (error) {
    // Two requests at once: the one return per order is the database's rule too (migration 0047).
    if (isUniqueViolation(error, 'orders_return_of_idx'))
      throw new AppError('CONFLICT', RETURN_MESSAGES.alreadyReturned);
    throw error;
  }
}
