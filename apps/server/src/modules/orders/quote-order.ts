import { centsToDollars, checkShipmentForLabelType, type CreateOrderInput } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  insurancePriceCents,
  requireLabelType,
  ruleInfoOf,
  unitPriceCents,
} from '../label-types/label-types.service.ts';

/**
 * The one pricing of an order (create-order and its quote): the reseller's label type with their own
 * prices, the shipment checked against it, and the unit price its weight takes, with the insurance of a
 * declared value (decision 330: one charge, one ledger entry). Throws the 400 an order would meet.
 */
export async function priceOrder(ctx: AppContext, userId: string, input: CreateOrderInput) {
  const type = await requireLabelType(ctx.db, input.labelType, userId);
  const checked = checkShipmentForLabelType(input, ruleInfoOf(type));
  if (!checked.ok) throw new AppError('BAD_REQUEST', checked.errors[0]!.message, { errors: checked.errors });
  const insuranceCents = insurancePriceCents(type, input.insuredValue);
  const unitCents = unitPriceCents(type, input.Weight) + insuranceCents;
  return { type, shipment: checked.order, unitCents, insuranceCents };
}

/**
 * POST /api/v2/order/quote (decision 332): what create-order would charge for the same fields, all its
 * `quantity`, in dollars; nothing is bought, charged or checked at a provider.
 */
export async function quoteOrder(ctx: AppContext, userId: string, input: CreateOrderInput) {
  const { type, unitCents } = await priceOrder(ctx, userId, input);
  return {
    price: centsToDollars(unitCents * input.quantity),
    labelType: { _id: type.id, name: type.name, uid: type.uid },
  };
}
