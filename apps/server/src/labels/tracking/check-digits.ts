/**
 * Check-digit algorithms of the three carriers. Each takes the data digits (no check digit) and returns
 * the check digit; LABELS.md section 1-3 has the sources and worked examples.
 */

const assertDigits = (data: string, what: string): void => {
  if (!/^[0-9]+$/.test(data)) throw new RangeError(`${what}: expected digits, got "${data}"`);
};

/** GS1 MOD 10 (USPS IMpb, FedEx Ground 15/22, SSCC): weights 3,1,3,... from the rightmost data digit. */
export const gs1Mod10CheckDigit = (data: string): number => {
  assertDigits(data, 'gs1Mod10CheckDigit');
  let sum = 0;
  for (let i = data.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) {
    sum += (data.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
};

/** UPS letters map to digits as (ASCII - 63) mod 10: A=2 ... H=9, I=0 ... R=9, S=0 ... Z=7. */
const upsCharValue = (ch: string): number => {
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return (code - 63) % 10;
  throw new RangeError(`upsCheckDigit: invalid character "${ch}"`);
};

/**
 * UPS "modified MOD 10" over the 15 characters after `1Z` (shipper, service, package id): odd positions
 * (1-based) count once, even positions twice.
 */
export const upsCheckDigit = (body: string): number => {
  if (!/^[0-9A-Z]+$/.test(body)) throw new RangeError(`upsCheckDigit: invalid body "${body}"`);
  let odd = 0;
  let even = 0;
  for (let i = 0; i < body.length; i++) {
    const value = upsCharValue(body[i] as string);
    if (i % 2 === 0) odd += value;
    else even += value;
  }
  return (10 - ((odd + even * 2) % 10)) % 10;
};

/** FedEx Express (12-digit, and the 13-digit serial of the 34-digit barcode): weights 1,3,7 from the right, mod 11, then mod 10. */
export const fedexMod11CheckDigit = (data: string): number => {
  assertDigits(data, 'fedexMod11CheckDigit');
  const weights = [1, 3, 7] as const;
  let sum = 0;
  for (let i = data.length - 1, k = 0; i >= 0; i--, k++) {
    sum += (data.charCodeAt(i) - 48) * (weights[k % 3] as number);
  }
  return (sum % 11) % 10;
};

/** True when the last character of `value` (spaces ignored) is the check digit of the rest. */
export const hasValidCheckDigit = (value: string, algorithm: (data: string) => number): boolean => {
  const compact = value.replace(/\s+/g, '');
  if (compact.length < 2) return false;
  try {
    return String(algorithm(compact.slice(0, -1))) === compact.slice(-1);
  } catch {
    return false;
  }
};

/** Left-pads a non-negative bigint serial to `width` digits; throws when it does not fit, never wraps. */
export const padSerial = (serial: bigint, width: number, what: string): string => {
  if (serial < 0n) throw new RangeError(`${what}: serial must be >= 0`);
  const digits = serial.toString();
  if (digits.length > width) throw new RangeError(`${what}: serial ${digits} exceeds ${width} digits`);
  return digits.padStart(width, '0');
};

/** Groups a string in chunks of `size` for human-readable text. */
export const groupBy = (value: string, size: number): string =>
  value.match(new RegExp(`.{1,${size}}`, 'g'))?.join(' ') ?? value;

/**
 * Spreads consecutive serials over the whole `width`-digit space so numbers do not read 0000 0001...:
 * x -> (a*x + b) mod 10^width with a coprime to 10 is a bijection, so distinct serials stay distinct.
 */
export const spreadSerial = (serial: bigint, width: number): bigint => {
  const space = 10n ** BigInt(width);
  if (serial < 0n || serial >= space) throw new RangeError(`serial ${serial} exceeds ${width} digits`);
  return (serial * 7_919_613_247n + 3_141_592_653n) % space;
};
