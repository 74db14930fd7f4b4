import { gs1Mod10CheckDigit, groupBy, padSerial } from './check-digits.ts';

/**
 * USPS Intelligent Mail package barcode (IMpb, Pub 199 / USPS2000508 via LABELS.md section 1).
 * Tracking number = channel AI (2) + service type code (3) + mailer id (9 or 6) + serial + MOD 10.
 * The barcode is GS1-128: (420) + destination ZIP, FNC1, then the tracking number.
 */
export type ImpbChannel = '92' | '93' | '94' | '95';

export type ImpbInput = {
  channel: ImpbChannel;
  serviceTypeCode: string;
  mailerId: string;
  /** Unique per label (a database sequence value): uniqueness of the tracking number follows from it. */
  serial: bigint;
  /** `short` gives 22 digits (9-digit MID), `long` 26; by default the smallest that holds the serial. */
  serialForm?: 'short' | 'long';
  destinationZip: string;
};

export type ImpbNumber = {
  trackingNumber: string;
  /** Tracking number in groups of 4, as printed under the barcode. */
  humanReadable: string;
  /** ZIP routing part: 5 or 9 digits. */
  routingZip: string;
  /** bwip-js `gs1-128` text: AI 420 + ZIP, then the tracking number under its channel AI. */
  barcodeText: string;
  /** What a scanner returns: FNC1 after the ZIP reads as GS (0x1d). */
  scannedData: string;
};

/** Serial widths per mailer-id length: the short serial gives the usual 22 digits, the long one 26. */
const SERIAL_WIDTHS: Record<number, readonly [number, number]> = { 9: [7, 11], 6: [10, 14] };

/** The digits of a US ZIP: ZIP+4 when all 9 are present, else the 5-digit ZIP. */
export const routingZipOf = (zip: string): string => {
  const digits = zip.replace(/[^0-9]/g, '');
  if (digits.length >= 9) return digits.slice(0, 9);
  if (digits.length >= 5) return digits.slice(0, 5);
  throw new RangeError(`IMpb: "${zip}" is not a US ZIP code`);
};

export const buildImpb = (input: ImpbInput): ImpbNumber => {
  const { channel, serviceTypeCode, mailerId } = input;
  if (!/^[0-9]{3}$/.test(serviceTypeCode)) throw new RangeError('IMpb: STC must be 3 digits');
  const widths = SERIAL_WIDTHS[mailerId.length];
  if (!widths || !/^[0-9]+$/.test(mailerId)) throw new RangeError('IMpb: mailer id must be 6 or 9 digits');
  if (mailerId.length === 9 && !mailerId.startsWith('9'))
    throw new RangeError('IMpb: 9-digit MIDs start with 9');
  // Serials past the short width move to the long (26-digit) form rather than wrapping: no reuse.
  const [short, long] = widths;
  const form = input.serialForm ?? (input.serial < 10n ** BigInt(short) ? 'short' : 'long');
  const width = form === 'short' ? short : long;
  const serial = padSerial(input.serial, width, 'IMpb');
  const data = `${channel}${serviceTypeCode}${mailerId}${serial}`;
  const trackingNumber = `${data}${gs1Mod10CheckDigit(data)}`;
  const routingZip = routingZipOf(input.destinationZip);
  return {
    trackingNumber,
    humanReadable: groupBy(trackingNumber, 4),
    routingZip,
    barcodeText: `(420)${routingZip}(${channel})${trackingNumber.slice(2)}`,
    scannedData: `420${routingZip}\x1d${trackingNumber}`,
  };
};
