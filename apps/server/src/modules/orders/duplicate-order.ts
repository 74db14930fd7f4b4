import crypto from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  PRICES_CHANGED_MESSAGE,
  type AddressWarning,
  type OrderView,
  type ShipmentAddresses,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { checkShipmentsBeforePurchase } from '../address-check/address-check.service.ts';
import { requireLabelType, unitPriceCents } from '../label-types/label-types.service.ts';
import {
  formatOrderId,
  chargeAndInsert,
  mapInTransaction,
  type ChargeResult,
  type InTransaction,
} from '../purchases/purchases.service.ts';
import { orderNotFound, withWarnings } from './order-answers.ts';
import { toOrderView } from './order-view.ts';
import { findOrderForUser } from './orders.repository.ts';

export type DuplicatedOrder = {
  message: string;
  order: OrderView;
  balance: number;
  warnings?: AddressWarning[];
};

const duplicatedOrder = (result: ChargeResult): DuplicatedOrder => ({
  message: 'Order duplicated successfully',
  order: toOrderView(result.orders[0]!),
  balance: centsToDollars(result.balanceCents),
});

type RowPlace = {
  fromCity: string;
  fromState: string;
  fromZip: string;
  fromCountry: string;
  toCity: string;
  toState: string;
  toZip: string;
  toCountry: string;
};
/** A stored order's two places, as the address check reads them, and back (correct mode may change them). */
const addressesOfRow = (row: RowPlace): ShipmentAddresses => ({
  FromCity: row.fromCity,
  FromState: row.fromState,
  FromZip: row.fromZip,
  FromCountry: row.fromCountry,
  ToCity: row.toCity,
  ToState: row.toState,
  ToZip: row.toZip,
  ToCountry: row.toCountry,
});
const rowColumnsOf = (a: ShipmentAddresses) => ({
  fromCity: a.FromCity,
  fromState: a.FromState,
  fromZip: a.FromZip,
  toCity: a.ToCity,
  toState: a.ToState,
  toZip: a.ToZip,
});

/**
 * POST /order/duplicate/{id}: the same shipment again, priced by today's rule for this reseller (their own
 * prices, the type's tiers and weight limit now), never the original's price (decision 266). With
 * `expectedPrice` (the unit price the reseller was shown), a price changed since is a 409.
 */
export async function duplicateOrder(
  ctx: AppContext,
  {
    userId,
    id,
    expectedPrice,
    isAccepted,
    inTransaction,
  }: {
    userId: string;
    id: string;
    expectedPrice?: number | undefined;
    /** "Buy anyway" for the duplicate's address warnings. */
    isAccepted?: boolean | undefined;
    inTransaction?: InTransaction<DuplicatedOrder> | undefined;
  },
): Promise<DuplicatedOrder> {
  const original = await findOrderForUser(ctx.db, userId, id);
  if (!original) throw orderNotFound();
  const type = await requireLabelType(ctx.db, original.labelTypeId, userId);
  const unitCents = unitPriceCents(type, original.weight);
  if (expectedPrice !== undefined && dollarsToCents(expectedPrice) !== unitCents)
    throw new AppError('CONFLICT', PRICES_CHANGED_MESSAGE);
  // The original may have been bought with a doubt ("Buy anyway", the API): a duplicate asks again.
  const {
    shipments: [place],
    warnings,
  } = await checkShipmentsBeforePurchase(
    ctx,
    { userId, labelTypeId: type.id, totalCents: unitCents, mustConfirm: true, isAccepted },
    [{ shipment: addressesOfRow(original) }],
  );
  if (!place) throw new Error('the address check lost the shipment');
  const batchId = crypto.randomUUID();
  const {
    id: _id,
    orderNumber: _n,
    trackingSerial: _s,
    createdAt: _c,
    updatedAt: _u,
    tracking: _t,
    labelFileId: _f,
    failureReason: _r,
    providerNote: _pn,
    voidNote: _vn,
    reference: _ref,
    labelTypeName: _ln,
    labelTypeUid: _lu,
    labelTypeCarrier: _lc,
    labelTypeService: _ls,
    ...shipment
  } = original;
  const result = await chargeAndInsert(
    ctx,
    {
      userId,
      batchId,
      amountCents: unitCents,
      note: `Duplicate of ${formatOrderId(original.orderNumber)}`,
    },
    [
      {
        ...shipment,
        ...rowColumnsOf(place),
        priceCents: unitCents,
        batchId,
        status: 'pending',
        source: 'app',
      },
    ],
    mapInTransaction(inTransaction, (r) => withWarnings(duplicatedOrder(r), warnings)),
  );
  return withWarnings(duplicatedOrder(result), warnings);
}
