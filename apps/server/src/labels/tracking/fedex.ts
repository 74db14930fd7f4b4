import { fedexMod11CheckDigit, gs1Mod10CheckDigit, groupBy, padSerial } from './check-digits.ts';

/**
 * FedEx numbers (LABELS.md section 3, jkeen/tracking_number_data `couriers/fedex.json`).
 * - 12-digit tracking number: 11 digits + mod-11 check. Current labels of every service print this one.
 * - 34-digit Code 128 barcode data, whose last 12 digits are the tracking number:
 *   Express `100` + form(2) + account(10) + destination ZIP(5) + `00` + tracking(12);
 *   Ground  `96` + SCNC(2) + class of service(5) + ground shipper number(10) + `0` + `00` + tracking(12).
 * - Legacy Ground forms: 15 digits (14 + mod 10) and its 22-digit `96` barcode (the 15 digits are barcode[7:]).
 */

export const buildFedexTracking12 = (serial: bigint): string => {
  const data = padSerial(serial, 11, 'FedEx tracking');
  return `${data}${fedexMod11CheckDigit(data)}`;
};

export const formatFedexTracking = (tracking: string): string => groupBy(tracking, 4);

/** Digits of `value` fitted to `width`: extra digits are dropped (ZIP+4 -> ZIP), short values zero-padded. */
const digitsOf = (value: string, width: number, what: string): string => {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length === 0) throw new RangeError(`FedEx barcode: ${what} has no digits`);
  return digits.slice(0, width).padStart(width, '0');
};

export type FedexExpressBarcodeInput = {
  formCode: string;
  account: string;
  destinationZip: string;
  tracking12: string;
};

export const buildFedexExpressBarcode34 = (input: FedexExpressBarcodeInput): string => {
  const data =
    `100${digitsOf(input.formCode, 2, 'form code')}${digitsOf(input.account, 10, 'account')}` +
    `${digitsOf(input.destinationZip, 5, 'ZIP')}00${input.tracking12}`;
  if (data.length !== 34) throw new RangeError('FedEx 34-digit barcode: tracking must be 12 digits');
  return data;
};

export type FedexGroundBarcodeInput = {
  scnc: string;
  classOfService: string;
  shipperNumber: string;
  tracking12: string;
};

export const buildFedexGroundBarcode34 = (input: FedexGroundBarcodeInput): string => {
  const data =
    `96${digitsOf(input.scnc, 2, 'SCNC')}${digitsOf(input.classOfService, 5, 'class of service')}` +
    `${digitsOf(input.shipperNumber, 10, 'shipper number')}000${input.tracking12}`;
  if (data.length !== 34) throw new RangeError('FedEx 34-digit barcode: tracking must be 12 digits');
  return data;
};

/** The digits printed under the 34-digit barcode: everything before the tracking number, then it in 4s. */
export const formatFedexBarcode34 = (data: string): string =>
  `${groupBy(data.slice(0, 22), 4)} ${groupBy(data.slice(22), 4)}`;

export type FedexGround22Input = {
  scnc: string;
  serviceCode: string;
  shipperId: string;
  packageSerial: bigint;
};

/** Legacy Ground `96` barcode (22) and its 15-digit tracking number; the check covers shipper + package only. */
export const buildFedexGround22 = (input: FedexGround22Input): { barcode22: string; tracking15: string } => {
  if (!/^[0-9]{2}$/.test(input.scnc) || !/^[0-9]{3}$/.test(input.serviceCode)) {
    throw new RangeError('FedEx Ground: SCNC is 2 digits and service code 3');
  }
  if (!/^[0-9]{7}$/.test(input.shipperId)) throw new RangeError('FedEx Ground: shipper id must be 7 digits');
  const data14 = `${input.shipperId}${padSerial(input.packageSerial, 7, 'FedEx Ground package')}`;
  const barcode22 = `96${input.scnc}${input.serviceCode}${data14}${gs1Mod10CheckDigit(data14)}`;
  return { barcode22, tracking15: barcode22.slice(7) };
};
