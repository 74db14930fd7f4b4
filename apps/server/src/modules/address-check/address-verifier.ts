import { checkShipmentAddresses, type AddressWarning, type ShipmentAddresses } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { findRoutesOf } from '../providers/providers.service.ts';
import { findUserById } from '../users/users.service.ts';
import { createProviderVerifier, createVerificationCache } from './provider-verifier.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';

/**
 * Who checks a shipment's addresses before it is bought. The offline ZIP table answers unless the label
 * type's route starts with a provider that verifies addresses (EasyPost verify, Shippo validation): then
 * that provider's answer replaces the offline one (issue 38 #5, decision 291). Its warnings use the same
 * fields (`ToZip`, `FromCity`...) so every path shows them the same way.
 */
export interface AddressVerifier {
  readonly name: string;
  verifyShipment(shipment: ShipmentAddresses): Promise<AddressWarning[]> | AddressWarning[];
}

export const offlineZipVerifier: AddressVerifier = {
  name: 'offline-zip-table',
  verifyShipment: (shipment) => checkShipmentAddresses(shipment, usZipDirectory()),
};

/** One cache for the process: an address verified for one order is not paid for again for the next. */
const verifications = createVerificationCache();

/**
 * A purchase of more shipments than this is checked offline: asking a provider about every address of a
 * large bulk order would hold the request for minutes (a background check of bulk orders is left to do).
 */
export const MAX_PROVIDER_VERIFIED_SHIPMENTS = 25;

/** Who is buying, and what the purchase will cost them. */
export type VerifiedPurchase = {
  userId: string;
  labelTypeId: string;
  totalCents: number;
  shipmentCount: number;
};

/**
 * The verifier for a purchase of this label type: its route's first enabled provider's, else offline.
 * A provider's verification is a paid call (decision 313): a reseller whose balance cannot pay for the
 * purchase gets the offline check, and so does one past their verifications this minute.
 */
export async function addressVerifierFor(
  ctx: AppContext,
  purchase: VerifiedPurchase,
): Promise<AddressVerifier> {
  const { userId, labelTypeId, totalCents, shipmentCount } = purchase;
  if (shipmentCount > MAX_PROVIDER_VERIFIED_SHIPMENTS) return offlineZipVerifier;
  const first = (await findRoutesOf(ctx.db, [labelTypeId])).find((step) => step.enabled);
  if (!first) return offlineZipVerifier;
  const client = (await ctx.providers.clientsFor([first.providerId])).get(first.providerId);
  // A provider cooling down after failures would only make the reseller wait for the fallback.
  if (!client?.verifyAddress || client.circuit === 'open') return offlineZipVerifier;
  if (((await findUserById(ctx.db, userId))?.balanceCents ?? 0) < totalCents) return offlineZipVerifier;
  const perMinute = ctx.config.providers.verificationsPerMinute;
  return createProviderVerifier({
    client: client as typeof client & Required<Pick<typeof client, 'verifyAddress'>>,
    fallback: offlineZipVerifier,
    cache: verifications,
    ...(perMinute > 0
      ? {
          ration: async () =>
            (await ctx.rateLimits(`address-verification:${userId}`, 60_000)).current <= perMinute,
        }
      : {}),
  });
}
