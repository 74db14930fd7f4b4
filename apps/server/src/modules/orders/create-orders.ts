import crypto from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  PRICES_CHANGED_MESSAGE,
  type AddressWarning,
  type CreateOrderInput,
  type OrderView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { checkShipmentsBeforePurchase } from '../address-check/address-check.service.ts';
import type { AskedLabelFile } from './label-files.ts';
import { withWarnings } from './order-answers.ts';
import {
  chargeAndInsert,
  mapInTransaction,
  type ChargeResult,
  type InTransaction,
} from '../purchases/purchases.service.ts';
import { toOrderView } from './order-view.ts';
import type { NewOrderRow } from '../purchases/purchases.service.ts';
import { priceOrder } from './quote-order.ts';
import { shipmentColumns } from './shipment-columns.ts';

export type CreatedOrders = {
  message: string;
  orders: OrderView[];
  balance: number;
  warnings?: AddressWarning[];
};
const createdOrders = (result: ChargeResult): CreatedOrders => ({
  message: 'Order created successfully',
  orders: result.orders.map((order) => toOrderView(order)),
  balance: centsToDollars(result.balanceCents),
});

/**
 * POST /order/create: validates against the label type, checks the addresses, prices it and makes
 * `quantity` orders. `inTransaction` runs with the reply inside the charge's transaction.
 */
export async function createOrders(
  ctx: AppContext,
  {
    userId,
    input,
    source = 'app',
    isStrict,
    labelFile,
    reference,
    returnOf,
    inTransaction,
  }: {
    userId: string;
    input: CreateOrderInput;
    source?: 'app' | 'api';
    /** API v2 `reference`: the caller's own, kept on each order. */
    reference?: string | undefined;
    /** API v2 `?address_check=strict`. */
    isStrict?: boolean | undefined;
    /** The label format its downloads give (API v2 `label_format`); absent, the reseller's default. */
    labelFile?: AskedLabelFile | undefined;
    /** The order this one is the return label of (decision 331). */
    returnOf?: string | undefined;
    inTransaction?: InTransaction<CreatedOrders> | undefined;
  },
): Promise<CreatedOrders> {
  const { type, shipment, unitCents, insuranceCents } = await priceOrder(ctx, userId, input);
  const {
    shipments: [o],
    warnings,
  } = await checkShipmentsBeforePurchase(
    ctx,
    {
      userId,
      labelTypeId: type.id,
      totalCents: unitCents * input.quantity,
      isStrict,
      mustConfirm: source === 'app',
      isAccepted: input.acceptAddressWarnings,
    },
    [{ shipment }],
  );
  if (!o) throw new Error('the address check lost the shipment');
  const answer = (r: ChargeResult) => withWarnings(createdOrders(r), warnings);
  const batchId = crypto.randomUUID();
  const row: NewOrderRow = {
    batchId,
    userId,
    labelTypeId: type.id,
    priceCents: unitCents,
    ...shipmentColumns(o),
    signature: input.signature,
    source,
    labelFormat: labelFile?.format ?? null,
    labelDpi: labelFile?.dpi ?? null,
    reference: reference ?? null,
    returnOf: returnOf ?? null,
    ...(input.insuredValue === undefined
      ? {}
      : { insuredValueCents: dollarsToCents(input.insuredValue), insuranceCents }),
  };
  const quantity = input.quantity;
  // The price shown is the price charged: a total quoted before staff changed the prices is refused.
  if (input.expectedTotal !== undefined && dollarsToCents(input.expectedTotal) !== unitCents * quantity)
    throw new AppError('CONFLICT', PRICES_CHANGED_MESSAGE);
  const result = await chargeAndInsert(
    ctx,
    {
      userId,
      batchId,
      amountCents: unitCents * quantity,
      note: `${quantity} x ${type.name}`,
    },
    Array.from({ length: quantity }, () => row),
    mapInTransaction(inTransaction, answer),
    input.items,
  );
  return answer(result);
}
