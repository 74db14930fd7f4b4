import { isCaProvince } from '../regions.ts';
import { cityKey, zipPrefixRanges, type ZipDirectory } from './zip-directory.ts';

/** Per-reseller setting `addressCheck`: warn and wait for "Buy anyway", correct city and state, or skip. */
export const ADDRESS_CHECK_MODES = ['confirm', 'correct', 'off'] as const;
export type AddressCheckMode = (typeof ADDRESS_CHECK_MODES)[number];
export const DEFAULT_ADDRESS_CHECK_MODE: AddressCheckMode = 'confirm';

/**
 * A doubt about an address, never a refusal on its own: the table has one city per ZIP and no
 * alternate names. `suggestion` is what to use instead as the reseller reads it ("MA", "New York, NY"),
 * or null when the table cannot tell; `fix` names the fields it sets when that is not `field` alone
 * (a ZIP's city and state: `{ ToCity: 'New York', ToState: 'NY' }`). `corrected`: mode `correct`
 * applied it.
 */
export type AddressWarning = {
  row?: number;
  field: string;
  message: string;
  suggestion: string | null;
  fix?: Record<string, string>;
  corrected?: true;
};

/** The fields and values that carry out a warning's suggestion (empty when it has none). */
export const fixOf = (w: Pick<AddressWarning, 'field' | 'suggestion' | 'fix'>): Record<string, string> =>
  w.fix ?? (w.suggestion === null ? {} : { [w.field]: w.suggestion });

/** The field names one address's warnings carry: `ToZip`, `FromCity`... or the address book's `zip`, `city`. */
export type AddressFieldNames = { city: string; state: string; zip: string };
export const sideFields = (side: 'From' | 'To'): AddressFieldNames => ({
  city: `${side}City`,
  state: `${side}State`,
  zip: `${side}Zip`,
});
export const ADDRESS_BOOK_FIELDS: AddressFieldNames = { city: 'city', state: 'state', zip: 'zip' };

export type AddressParts = { city: string; state: string; zip: string; country?: string | undefined };

/** The table lists a part of Puerto Rico's ZIPs only: an unknown ZIP that starts like one of its own passes. */
const PARTLY_COVERED = new Set(['PR']);

/** A US ZIP in the forms people write it: 02108, 02108-1234, 021081234, or 2108 from a spreadsheet. */
function zip5Of(zip: string): { zip5: string; lostZeros: boolean } | null {
  const compact = zip.trim().replace(/[\s-]/g, '');
  if (/^\d{5}(\d{4})?$/.test(compact)) return { zip5: compact.slice(0, 5), lostZeros: false };
  if (/^\d{3,4}$/.test(compact)) return { zip5: compact.padStart(5, '0'), lostZeros: true };
  return null;
}

/**
 * The offline check of one address: its ZIP is one USPS knows, in the address's state, for the
 * address's city. Canadian addresses and ZIPs that are not US-shaped have nothing to check here.
 */
export function checkAddress(
  address: AddressParts,
  directory: ZipDirectory,
  fields: AddressFieldNames,
): AddressWarning[] {
  const state = address.state.trim().toUpperCase();
  const city = address.city.trim();
  if (isCaProvince(state) || address.country?.toUpperCase() === 'CA') return [];
  const parsed = zip5Of(address.zip);
  if (!parsed) return [];
  const { zip5 } = parsed;
  const warnings: AddressWarning[] = [];
  if (parsed.lostZeros)
    warnings.push({
      field: fields.zip,
      message: `ZIP ${address.zip.trim()} has lost its leading zeros`,
      suggestion: zip5,
    });
  const place = directory.place(zip5);
  const isStateRight = place?.state === state;
  const isCityRight = place !== undefined && cityKey(city) === cityKey(place.city);
  if (isStateRight && isCityRight) return warnings;
  const zip3 = zip5.slice(0, 3);
  const cityPrefixes = directory.zipPrefixesOf(city, state);
  // Where the typed city's ZIPs are, never one of them: a guessed ZIP may send the parcel elsewhere.
  const cityZips = cityPrefixes.length
    ? `; ${city}, ${state} ZIPs start ${zipPrefixRanges(cityPrefixes)}`
    : '';
  if (!place) {
    const prefixStates = directory.statesOfPrefix(zip3);
    const unknown = (message: string) =>
      warnings.push({ field: fields.zip, message: message + cityZips, suggestion: null });
    if (prefixStates.length === 0) unknown(`ZIP ${zip5} is not a US ZIP code`);
    else if (prefixStates.includes(state)) {
      if (!PARTLY_COVERED.has(state)) unknown(`ZIP ${zip5} is not in the USPS ZIP list, check the number`);
    } else if (cityPrefixes.length > 0)
      unknown(`ZIP ${zip5} is not in the USPS ZIP list and ${state} ZIPs do not start with ${zip3}`);
    else
      warnings.push({
        field: fields.state,
        message: `ZIP ${zip5} starts like a ${prefixStates.join(' or ')} ZIP, not ${state}`,
        suggestion: prefixStates.length === 1 ? prefixStates[0]! : null,
      });
    return warnings;
  }
  const where = `ZIP ${zip5} belongs to ${place.city}, ${place.state}`;
  // The city and state name a place of the table whose ZIPs do not look like this one: the ZIP is
  // another place's. What the table knows is that place, so that is the suggestion.
  if (!isCityRight && cityPrefixes.length > 0 && (!isStateRight || !cityPrefixes.includes(zip3))) {
    warnings.push({
      field: fields.zip,
      message: `${where}, not ${city}, ${state}${cityZips}`,
      suggestion: `${place.city}, ${place.state}`,
      fix: { [fields.city]: place.city, [fields.state]: place.state },
    });
    return warnings;
  }
  if (!isStateRight)
    warnings.push({ field: fields.state, message: `${where}, not in ${state}`, suggestion: place.state });
  if (!isCityRight)
    warnings.push({
      field: fields.city,
      message: `${where}; USPS does not list "${city}" for it (it may accept another name, check it)`,
      suggestion: place.city,
    });
  return warnings;
}

/** A shipment's two addresses in single-order field names (orders, CSV rows, API bodies). */
export type ShipmentAddresses = {
  FromCity: string;
  FromState: string;
  FromZip: string;
  FromCountry?: string | undefined;
  ToCity: string;
  ToState: string;
  ToZip: string;
  ToCountry?: string | undefined;
};

export function checkShipmentAddresses(
  shipment: ShipmentAddresses,
  directory: ZipDirectory,
): AddressWarning[] {
  const side = (s: 'From' | 'To') =>
    checkAddress(
      {
        city: shipment[`${s}City`],
        state: shipment[`${s}State`],
        zip: shipment[`${s}Zip`],
        country: shipment[`${s}Country`],
      },
      directory,
      sideFields(s),
    );
  return [...side('From'), ...side('To')];
}

const CORRECTABLE = /(?:^|From|To)(?:City|State|Zip|city|state|zip)$/;
const isZipField = (field: string) => /zip$/i.test(field);

/**
 * Mode `correct`: city and state taken from the ZIP (and a spreadsheet's lost zeros put back). A ZIP
 * from elsewhere (a provider's) is not applied: the ZIP is what the reseller typed most carefully.
 * Returns the corrected record and the warnings, each applied one saying so (`corrected: true`).
 */
export function correctAddresses<T extends object>(
  record: T,
  warnings: readonly AddressWarning[],
): { corrected: T; warnings: AddressWarning[] } {
  const corrected = { ...record } as Record<string, unknown>;
  const out = warnings.map((w): AddressWarning => {
    const fix = Object.entries(fixOf(w));
    const isLostZeros = /leading zeros/.test(w.message);
    const isApplicable = fix.every(
      ([field]) => CORRECTABLE.test(field) && (!isZipField(field) || isLostZeros),
    );
    if (fix.length === 0 || !isApplicable) return w;
    for (const [field, value] of fix) corrected[field] = value;
    return { ...w, message: `${w.message}; corrected to ${w.suggestion}`, corrected: true };
  });
  return { corrected: corrected as T, warnings: out };
}

/**
 * Whether the app holds a purchase until "Buy anyway": in `confirm` any warning; in `correct` a warning
 * it could not correct (a known-inconsistent address is never bought without the reseller saying so).
 */
export const holdsForConfirmation = (mode: AddressCheckMode, warnings: readonly AddressWarning[]): boolean =>
  mode === 'confirm' ? warnings.length > 0 : mode === 'correct' && warnings.some((w) => !w.corrected);
