import { padSerial, upsCheckDigit } from './check-digits.ts';

/**
 * UPS 1Z tracking number: `1Z` + shipper account (6) + service indicator (2) + package id (7) + check.
 * The package id comes from the caller's unique serial, so two labels of one shipper never share it.
 */
export type Ups1zInput = { shipperNumber: string; serviceIndicator: string; serial: bigint };

export type Ups1zNumber = {
  trackingNumber: string;
  /** `1Z 5R8 939 03 5756 7127`: the grouping printed on UPS labels. */
  humanReadable: string;
  /** MaxiCode tracking field: `1Z` + the last 8 characters. */
  maxicodeTracking: string;
};

export const buildUps1z = ({ shipperNumber, serviceIndicator, serial }: Ups1zInput): Ups1zNumber => {
  if (!/^[0-9A-Z]{6}$/.test(shipperNumber))
    throw new RangeError('1Z: shipper number must be 6 characters A-Z/0-9');
  if (!/^[0-9A-Z]{2}$/.test(serviceIndicator))
    throw new RangeError('1Z: service indicator must be 2 characters');
  const body = `${shipperNumber}${serviceIndicator}${padSerial(serial, 7, '1Z package id')}`;
  const trackingNumber = `1Z${body}${upsCheckDigit(body)}`;
  return {
    trackingNumber,
    humanReadable: formatUps1z(trackingNumber),
    maxicodeTracking: `1Z${trackingNumber.slice(-8)}`,
  };
};

export const formatUps1z = (tracking: string): string => {
  const t = tracking;
  return `${t.slice(0, 2)} ${t.slice(2, 5)} ${t.slice(5, 8)} ${t.slice(8, 10)} ${t.slice(10, 14)} ${t.slice(14)}`;
};
