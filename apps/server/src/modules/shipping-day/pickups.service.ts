import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  centsToDollars,
  weightUnitOf,
  type Carrier,
  type CreatePickupInput,
  type PickupView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { ShippingAddress } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import type { UpstreamPickupRequest } from '../../labels/providers/upstream/upstream-adapter.ts';
import type { ProviderClient } from '../../labels/providers/upstream/provider-client.ts';
import { insufficientBalanceError, postLedgerEntry } from '../ledger/ledger.service.ts';
import { formatOrderId } from '../purchases/purchases.service.ts';
import { findUserById } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  findPickup,
  findScheduledByReference,
  insertPickup,
  labelsOfPickups,
  listPickups,
  lockLabels,
  markPickupCancelled,
  ordersInScheduledPickups,
  type PickupRow,
  type ShippingLabelRow,
} from './shipping-day.repository.ts';
import { byOwner, toPickupView, upstreamPlaceOf } from './shipping-day-views.ts';

type PickupInput = CreatePickupInput;

/**
 * What a test-mode pickup costs (decision 329): USPS picks up free, as it does for real; UPS and FedEx
 * charge a flat fee, so a charged pickup and its refund can be tried without a provider.
 */
export const TEST_PICKUP_FEE_CENTS: Record<Carrier, number> = { usps: 0, ups: 6_50, fedex: 5_00 };

const REFUNDING = new Set(['requested', 'submitted', 'refunded']);

/** The labels of a pickup: completed, not being refunded, in no other scheduled pickup, one carrier and provider. */
async function pickupLabels(ctx: AppContext, userId: string, ids: readonly string[]) {
  const labels = await ctx.db.transaction((tx) => lockLabels(tx, userId, ids));
  if (labels.length !== ids.length) throw AppError.notFound('Order not found');
  const booked = await ordersInScheduledPickups(ctx.db, ids);
  const first = labels[0]!;
  const misfits = labels.flatMap((l) => {
    const why =
      l.status !== 'completed' || !l.tracking
        ? REFUNDING.has(l.refundStatus ?? '') || l.status === 'cancelled'
          ? 'refunded'
          : 'no label yet'
        : REFUNDING.has(l.refundStatus ?? '')
          ? 'refunded'
          : booked.has(l.id)
            ? 'already in a scheduled pickup'
            : l.carrier !== first.carrier
              ? `another carrier (${l.carrier.toUpperCase()})`
              : l.providerId !== first.providerId
                ? 'bought through another provider'
                : null;
    return why ? [`${formatOrderId(l.orderNumber)}: ${why}`] : [];
  });
  if (misfits.length > 0)
    throw new AppError('UNPROCESSABLE', `These labels cannot share one pickup: ${misfits.join('; ')}`, {
      errors: misfits.map((message) => ({ field: 'orderIds', message })),
    });
  return labels;
}

const ouncesOf = (label: ShippingLabelRow) =>
  weightUnitOf(label.labelTypeUid) === 'lb' ? label.weight * 16 : label.weight;

const addressOf = (input: PickupInput): ShippingAddress => ({
  name: input.address.name,
  company: input.address.company ?? '',
  street: input.address.street,
  street2: input.address.street2 ?? '',
  city: input.address.city,
  state: input.address.state,
  zip: input.address.zip,
  phone: input.address.phone ?? '',
});

async function clientOf(ctx: AppContext, providerId: string): Promise<ProviderClient> {
  const client = (await ctx.providers.clientsFor([providerId])).get(providerId);
  if (!client?.schedulePickup)
    throw new AppError('UNPROCESSABLE', 'The provider of these labels does not book pickups');
  return client;
}

/** A provider's refusal as the reseller reads it; anything else is "try again". */
const providerFailure = (error: unknown, what: string): AppError =>
  error instanceof UpstreamRejectedError
    ? new AppError('UNPROCESSABLE', `The carrier refused the ${what}: ${error.message}`)
    : error instanceof AppError
      ? error
      : new AppError('UNAVAILABLE', `The ${what} could not be reached now; please try again`, {
          headers: { 'retry-after': '30' },
        });

/**
 * POST /pickups (decision 329). `quoteOnly`: the price the carrier asks, nothing booked. Otherwise the
 * balance is checked against the quote, the pickup booked at the labels' provider (or confirmed in
 * test mode with a confirmation number) and recorded with its one charge in one transaction.
 */
export async function createPickup(
  ctx: AppContext,
  userId: string,
  input: PickupInput,
): Promise<{ quote: { carrier: string; price: number; packageCount: number } } | { pickup: PickupView }> {
  if (input.reference && !input.quoteOnly) {
    // Asked again under its reference (a retry whose answer was lost): the pickup booked the first time.
    const booked = await findScheduledByReference(ctx.db, userId, input.reference);
    if (booked)
      return {
        pickup: toPickupView(
          booked,
          byOwner(await labelsOfPickups(ctx.db, [booked.id])).get(booked.id) ?? [],
        ),
      };
  }
  const labels = await pickupLabels(ctx, userId, input.orderIds);
  const first = labels[0]!;
  const carrier = first.carrier as Carrier;
  const id = randomUUID();
  const address = addressOf(input);
  const request: UpstreamPickupRequest = {
    labels: labels.map((l) => ({ upstreamId: l.upstreamId ?? '', tracking: l.tracking ?? '' })),
    carrier,
    address: upstreamPlaceOf(address),
    minDatetime: new Date(input.minDatetime).toISOString(),
    maxDatetime: new Date(input.maxDatetime).toISOString(),
    instructions: input.instructions ?? '',
    packageCount: labels.length,
    totalWeightOz: Math.round(labels.reduce((sum, l) => sum + ouncesOf(l), 0) * 100) / 100,
    reference: pickupReference(labels, input),
  };
  const client = first.providerId ? await clientOf(ctx, first.providerId) : null;
  const quote = async () => {
    if (!client) return TEST_PICKUP_FEE_CENTS[carrier];
    try {
      return client.quotePickup ? (await client.quotePickup(request)).costCents : 0;
    } catch (error) {
      throw providerFailure(error, 'pickup');
    }
  };
  const quotedCents = await quote();
  if (input.quoteOnly)
    return { quote: { carrier, price: centsToDollars(quotedCents), packageCount: labels.length } };
  const user = await findUserById(ctx.db, userId);
  if ((user?.balanceCents ?? 0) < quotedCents)
    throw await insufficientBalanceError(ctx.db, { userId, amountCents: quotedCents, what: 'pickup' });

  let booked: { upstreamId: string | null; confirmation: string; costCents: number };
  if (client) {
    try {
      booked = await client.schedulePickup!(request);
    } catch (error) {
      throw providerFailure(error, 'pickup');
    }
  } else
    booked = {
      upstreamId: null,
      confirmation: `TEST${randomInt(10 ** 9, 10 ** 10)}`,
      costCents: quotedCents,
    };

  try {
    return { pickup: await recordPickup(ctx, { id, userId, carrier, address, input, labels, booked }) };
  } catch (error) {
    // Booked but not recorded (the balance went meanwhile): the booking is taken back.
    if (client?.cancelPickup && booked.upstreamId)
      await client
        .cancelPickup(booked.upstreamId)
        .catch((cancelError: unknown) =>
          ctx.log.error(
            { err: cancelError, pickup: booked.upstreamId },
            'a booked pickup could not be cancelled',
          ),
        );
    throw error;
  }
}

/**
 * What the provider is told this pickup is: the same labels and window make the same reference, so a
 * booking asked again after its answer was lost is found at another LabelPort, not booked twice.
 */
const pickupReference = (labels: readonly ShippingLabelRow[], input: PickupInput): string =>
  createHash('sha256')
    .update(
      [
        ...labels.map((l) => l.upstreamId ?? l.id).sort(),
        new Date(input.minDatetime).toISOString(),
        new Date(input.maxDatetime).toISOString(),
      ].join('|'),
    )
    .digest('hex')
    .slice(0, 32);

async function recordPickup(
  ctx: AppContext,
  options: {
    id: string;
    userId: string;
    carrier: Carrier;
    address: ShippingAddress;
    input: PickupInput;
    labels: ShippingLabelRow[];
    booked: { upstreamId: string | null; confirmation: string; costCents: number };
  },
): Promise<PickupView> {
  const { id, userId, labels, booked, input } = options;
  const priceCents = booked.costCents;
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertPickup(
        tx,
        {
          id,
          userId,
          carrier: options.carrier,
          providerId: labels[0]!.providerId,
          upstreamId: booked.upstreamId,
          confirmation: booked.confirmation,
          priceCents,
          costCents: labels[0]!.providerId ? booked.costCents : null,
          address: options.address,
          minDatetime: new Date(input.minDatetime),
          maxDatetime: new Date(input.maxDatetime),
          instructions: input.instructions ?? '',
          packageCount: labels.length,
          totalWeightOz: Math.round(labels.reduce((sum, l) => sum + ouncesOf(l), 0) * 100) / 100,
          isTest: !labels[0]!.providerId,
          reference: input.reference ?? null,
        },
        labels.map((l) => l.id),
      );
      if (priceCents > 0)
        await postLedgerEntry(tx, {
          userId,
          kind: 'order_charge',
          amountCents: -priceCents,
          sourceKey: `pickup:${id}`,
          note: `Pickup ${booked.confirmation}`,
        });
      const view = toPickupView(row, byOwner(await labelsOfPickups(tx, [id])).get(id) ?? []);
      await emitWebhookEvent(ctx, tx, { userId, type: 'pickup.scheduled', data: view });
      return view;
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')
      throw await insufficientBalanceError(ctx.db, { userId, amountCents: priceCents, what: 'pickup' });
    throw error;
  }
}

/** GET /pickups: the reseller's pickups with their labels, newest first. */
export async function readPickups(ctx: AppContext, userId: string): Promise<PickupView[]> {
  const rows = await listPickups(ctx.db, userId);
  const labels = byOwner(
    await labelsOfPickups(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((row) => toPickupView(row, labels.get(row.id) ?? []));
}

/**
 * DELETE /pickups/{id} (decision 329): cancelled at the provider first (its refusal, such as a window
 * already started, is the answer), then marked cancelled and its charge refunded in one transaction;
 * the refund's source key makes it once-only whatever two cancels do at once.
 */
export async function cancelPickup(ctx: AppContext, userId: string, id: string): Promise<PickupView> {
  const pickup = await findPickup(ctx.db, userId, id);
  if (!pickup) throw AppError.notFound('Pickup not found');
  if (pickup.status !== 'scheduled') throw new AppError('CONFLICT', 'This pickup is already cancelled');
  await cancelAtCarrier(ctx, pickup);
  return ctx.db.transaction(async (tx) => {
    const cancelled = await markPickupCancelled(tx, id);
    if (!cancelled) throw new AppError('CONFLICT', 'This pickup is already cancelled');
    if (cancelled.priceCents > 0)
      await postLedgerEntry(tx, {
        userId,
        kind: 'refund',
        amountCents: cancelled.priceCents,
        sourceKey: `refund:pickup:${id}`,
        note: `Pickup ${cancelled.confirmation} cancelled`,
        givesBack: { chargeKey: `pickup:${id}` },
      });
    const view = toPickupView(cancelled, byOwner(await labelsOfPickups(tx, [id])).get(id) ?? []);
    await emitWebhookEvent(ctx, tx, { userId, type: 'pickup.cancelled', data: view });
    return view;
  });
}

async function cancelAtCarrier(ctx: AppContext, pickup: PickupRow): Promise<void> {
  if (!pickup.providerId || !pickup.upstreamId) {
    // Test mode plays the carrier: a pickup is cancelled until its window starts.
    if (Date.now() >= pickup.minDatetime.getTime())
      throw new AppError('CONFLICT', 'The pickup window has started; the carrier no longer cancels it');
    return;
  }
  const client = (await ctx.providers.clientsFor([pickup.providerId])).get(pickup.providerId);
  if (!client?.cancelPickup)
    throw new AppError('CONFLICT', 'The provider of this pickup does not cancel pickups');
  try {
    await client.cancelPickup(pickup.upstreamId);
  } catch (error) {
    throw providerFailure(error, 'cancel');
  }
}
