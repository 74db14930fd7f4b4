import {
  LABEL_TYPE_SEED,
  serviceWords,
  type Carrier,
  type LabelTypeDefinition,
  type PriorityTemplate,
} from '@portal/shared';
import type { StaffLabelType } from './types.ts';

/**
 * Carrier codes behind each label type uid. Values marked "unverified" are explained in
 * docs/decisions/021-label-service-codes.md; they only matter to an upstream carrier, not to scanning.
 */
export type UspsService = {
  carrier: 'usps';
  serviceTypeCode: string;
  banner: string;
  iconLetter: string;
  mailClass: string;
};
export type UpsService = {
  carrier: 'ups';
  serviceIndicator: string;
  maxicodeClassOfService: string;
  serviceName: string;
  /** Text in the black service-level box (may be empty: a solid box). */
  serviceBox: string;
};
export type FedexService = {
  carrier: 'fedex';
  isGround: boolean;
  serviceName: string;
  /** Letter in the service box at the right of the FedEx mark. */
  serviceLetter: string;
  /** Express: 2-digit form code; Ground: SCNC (2) + class of service (5). */
  formCode: string;
  classOfService: string;
  /** Class of service carried in the PDF417 message. */
  pdf417Class: string;
};
export type CarrierService = UspsService | UpsService | FedexService;

export const LABEL_SERVICES: Record<string, CarrierService> = {
  priority: {
    carrier: 'usps',
    serviceTypeCode: '055',
    banner: 'USPS PRIORITY MAIL®',
    iconLetter: 'P',
    mailClass: 'PRIORITY MAIL',
  },
  // Unverified STC: see decision 021.
  ground_oz: {
    carrier: 'usps',
    serviceTypeCode: '001',
    banner: 'USPS GROUND ADVANTAGE™',
    iconLetter: 'G',
    mailClass: 'GROUND ADVANTAGE',
  },
  ups_standard: ups('11', '011', 'UPS STANDARD', ''),
  ups_express: ups('07', '007', 'UPS EXPRESS', '1'),
  ups_express_saver: ups('65', '065', 'UPS EXPRESS SAVER', '1P'),
  ups_express_early: ups('54', '054', 'UPS EXPRESS EARLY', '1+'),
  ups_expedited: ups('08', '008', 'UPS EXPEDITED', '2'),
  fedex_ground: fedexGround('GROUND', 'G', '22', '00190'),
  fedex_home_delivery: fedexGround('HOME DELIVERY', 'H', '32', '08040'),
  fedex_2day: fedexExpress('FEDEX 2DAY', '03'),
  fedex_express_saver: fedexExpress('FEDEX EXPRESS SAVER', '20'),
  fedex_standard_overnight: fedexExpress('STANDARD OVERNIGHT', '05'),
  fedex_priority_overnight: fedexExpress('PRIORITY OVERNIGHT', '01'),
};

function ups(indicator: string, cos: string, name: string, box: string): UpsService {
  return {
    carrier: 'ups',
    serviceIndicator: indicator,
    maxicodeClassOfService: cos,
    serviceName: name,
    serviceBox: box,
  };
}
function fedexGround(name: string, letter: string, scnc: string, cos: string): FedexService {
  return {
    carrier: 'fedex',
    isGround: true,
    serviceName: name,
    serviceLetter: letter,
    formCode: scnc,
    classOfService: cos,
    pdf417Class: cos.slice(-3),
  };
}
function fedexExpress(name: string, form: string): FedexService {
  return {
    carrier: 'fedex',
    isGround: false,
    serviceName: name,
    serviceLetter: 'E',
    formCode: form,
    classOfService: form,
    pdf417Class: `0${form}`,
  };
}

export const serviceOf = (uid: string): CarrierService => {
  const service = LABEL_SERVICES[uid];
  if (!service) throw new RangeError(`Unknown label type uid "${uid}"`);
  return service;
};

export const labelTypeOf = (uid: string): LabelTypeDefinition => {
  const type = LABEL_TYPE_SEED.find((t) => t.uid === uid);
  if (!type) throw new RangeError(`Unknown label type uid "${uid}"`);
  return type;
};

/**
 * The carrier service a staff-made type is drawn with (decision 334): its carrier's template, its service
 * name printed where a built-in prints its own, and the carrier's everyday codes behind the barcodes
 * (USPS Ground Advantage's STC, UPS Ground's indicator, FedEx Ground or 2Day by the name), which only
 * matter to test labels.
 */
export function staffService(type: StaffLabelType): CarrierService {
  const words = serviceWords(type.carrier, type.service);
  if (type.carrier === 'usps')
    return {
      carrier: 'usps',
      serviceTypeCode: '001',
      banner: `USPS ${words}`,
      iconLetter: /[A-Z0-9]/.exec(words)?.[0] ?? 'U',
      mailClass: words,
    };
  if (type.carrier === 'ups') return ups('03', '003', `UPS ${words}`, '');
  return /GROUND|HOME|SMART/.test(words)
    ? fedexGround(words, /HOME/.test(words) ? 'H' : 'G', '22', '00190')
    : fedexExpress(words, '03');
}

/** What the engine draws a shipment's label as: its built-in service, or its staff-made type's. */
export const shipmentService = (shipment: {
  labelTypeUid: string;
  labelType?: StaffLabelType | undefined;
}): CarrierService => {
  const builtIn = LABEL_SERVICES[shipment.labelTypeUid];
  if (builtIn) return builtIn;
  if (shipment.labelType) return staffService(shipment.labelType);
  throw new RangeError(`Unknown label type uid "${shipment.labelTypeUid}"`);
};

/** The carrier of a shipment's label type. */
export const carrierOfShipment = (shipment: {
  labelTypeUid: string;
  labelType?: StaffLabelType | undefined;
}): Carrier => shipmentService(shipment).carrier;

/** USPS postage provider style when an order names none (non-priority USPS types have no template choice). */
export const DEFAULT_USPS_TEMPLATE: PriorityTemplate = 'evs';
