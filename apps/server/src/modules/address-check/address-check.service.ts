import {
  ADDRESS_CONFIRM_MESSAGE,
  ADDRESS_STRICT_MESSAGE,
  correctAddresses,
  holdsForConfirmation,
  type AddressCheckMode,
  type AddressWarning,
  type ShipmentAddresses,
  type ZipPlaceResponse,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findAddressCheckMode, setAddressCheckMode } from './address-check.repository.ts';
import { addressVerifierFor } from './address-verifier.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';

export const readAddressCheckMode = (ctx: AppContext, userId: string): Promise<AddressCheckMode> =>
  findAddressCheckMode(ctx.db, userId);

export const updateAddressCheckMode = (ctx: AppContext, userId: string, mode: AddressCheckMode) =>
  setAddressCheckMode(ctx.db, userId, mode);

/** GET /address/zip/{zip}: the ZIP's city and state (ZIP+4 and lost leading zeros read too), or 404. */
export function lookupZip(zip: string): ZipPlaceResponse {
  const compact = zip.replace(/[\s-]/g, '');
  const zip5 = /^\d{3,9}$/.test(compact)
    ? compact.length > 5
      ? compact.slice(0, 5)
      : compact.padStart(5, '0')
    : '';
  const place = zip5 ? usZipDirectory().place(zip5) : undefined;
  if (!place) throw AppError.notFound(`ZIP ${zip} is not in the USPS ZIP list`);
  return { zip: place.zip, city: place.city, state: place.state };
}

/** How a purchase wants its addresses checked: the reseller's mode, API strict mode, "Buy anyway". */
export type PurchaseCheckOptions = {
  userId: string;
  labelTypeId: string;
  /** What the purchase will charge: a provider verifies only for a reseller whose balance covers it. */
  totalCents: number;
  /** `?address_check=strict` (API v2): any warning refuses the purchase (422), whatever the setting. */
  isStrict?: boolean | undefined;
  /** The app's confirm mode waits for "Buy anyway"; the API has no one to ask and buys with warnings. */
  mustConfirm?: boolean | undefined;
  isAccepted?: boolean | undefined;
};

type Line<T> = { row?: number; shipment: T };

/**
 * The address check of every purchase path: the shipments to buy (corrected in mode `correct`) and the
 * warnings to answer with. Refuses with 422 in strict mode, or before "Buy anyway" in confirm mode and
 * in correct mode when a warning could not be corrected.
 */
export async function checkShipmentsBeforePurchase<T extends ShipmentAddresses>(
  ctx: AppContext,
  options: PurchaseCheckOptions,
  lines: ReadonlyArray<Line<T>>,
): Promise<{ shipments: T[]; warnings: AddressWarning[] }> {
  const mode = await readAddressCheckMode(ctx, options.userId);
  const shipments = lines.map((l) => l.shipment);
  if (mode === 'off' && !options.isStrict) return { shipments, warnings: [] };
  const verifier = await addressVerifierFor(ctx, {
    userId: options.userId,
    labelTypeId: options.labelTypeId,
    totalCents: options.totalCents,
    shipmentCount: lines.length,
  });
  const warnings: AddressWarning[] = [];
  for (const [i, line] of lines.entries()) {
    const found = await verifier.verifyShipment(line.shipment);
    const withRow = line.row === undefined ? found : found.map((w) => ({ row: line.row!, ...w }));
    if (mode === 'correct' && !options.isStrict) {
      const { corrected, warnings: told } = correctAddresses(line.shipment, withRow);
      shipments[i] = corrected;
      warnings.push(...told);
    } else warnings.push(...withRow);
  }
  if (warnings.length === 0) return { shipments, warnings };
  if (options.isStrict) throw new AppError('UNPROCESSABLE', ADDRESS_STRICT_MESSAGE, { errors: warnings });
  if (options.mustConfirm && !options.isAccepted && holdsForConfirmation(mode, warnings))
    throw new AppError('UNPROCESSABLE', ADDRESS_CONFIRM_MESSAGE, { warnings });
  return { shipments, warnings };
}
