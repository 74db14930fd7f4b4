import type { WeightUnit } from '@portal/shared';
import type { Address } from '../types.ts';

/** Formatting shared by the carrier templates. */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export const formatUsDate = (date: Date): string =>
  `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
export const formatUpsDate = (date: Date): string =>
  `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
export const formatFedexDate = (date: Date): string =>
  `${pad(date.getUTCDate())}${MONTHS[date.getUTCMonth()]}${pad(date.getUTCFullYear() % 100)}`;

export const julianDay = (date: Date): string => {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return pad(Math.floor((date.getTime() - start) / 86_400_000) + 1, 3);
};

export const toPounds = (weight: number, unit: WeightUnit): number => (unit === 'oz' ? weight / 16 : weight);

/** USPS style: `2 lb 4 oz` or `12 oz`. */
export const formatUspsWeight = (weight: number, unit: WeightUnit): string => {
  const ounces = Math.ceil((unit === 'oz' ? weight : weight * 16) * 10) / 10;
  const lb = Math.floor(ounces / 16);
  const oz = Math.round((ounces - lb * 16) * 10) / 10;
  return lb > 0 ? `${lb} lb ${oz} oz` : `${oz} oz`;
};

export const cityLine = (a: Address): string => `${a.city} ${a.state} ${a.zip}`.replace(/\s+/g, ' ').trim();

export const formatPhone = (phone: string | undefined): string | undefined => {
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone;
};

/** Address lines in carrier order, upper-cased as carriers print them. */
export const addressLines = (address: Address): Array<string | undefined> =>
  [address.name, address.company, address.street1, address.street2, cityLine(address)].map((l) =>
    l?.toUpperCase(),
  );

/** Barcode payloads carry ASCII only: accents are dropped, anything else becomes a space. */
export const toBarcodeAscii = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

export const zip5 = (zip: string): string => zip.replace(/\D/g, '').slice(0, 5);

/** The separators of an ANSI MH10.8.3 message, as FedEx's PDF417 and UPS's MaxiCode carry it. */
export const GS = '\x1d';
export const RS = '\x1e';
export const EOT = '\x04';
