import { LABEL_TYPE_SEED, type Carrier, type WeightUnit } from './label-type-catalog.ts';

/**
 * Label types staff make for any service a route's providers sell (issue 47, decision 334): a carrier, the
 * service's name (as a provider names it, or free text) and a weight unit, beside the built-in types.
 */
export const CARRIERS = ['usps', 'ups', 'fedex'] as const satisfies readonly Carrier[];
export const CARRIER_NAMES: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };

/** The longest service name: it is printed on test labels and sent to providers. */
export const SERVICE_NAME_MAX = 100;
/** Printable ASCII: what every provider takes and every label font draws. */
export const SERVICE_NAME_PATTERN = /^[\x20-\x7E]+$/;

/** True for the uids the portal ships with (`priority`, `ground_oz`, `ups_*`, `fedex_*` of the seed). */
export const isBuiltInLabelType = (uid: string): boolean => LABEL_TYPE_SEED.some((t) => t.uid === uid);

/** A service name as words: `usps_ground_advantage`, `USPS:GroundAdvantage` -> `GROUND ADVANTAGE`. */
export function serviceWords(carrier: Carrier, service: string): string {
  const words = service
    .replace(/^[A-Za-z]+:/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toUpperCase();
  const carrierWord = new RegExp(`^${CARRIER_NAMES[carrier].toUpperCase()}\\b\\s*`);
  return words.replace(carrierWord, '') || words;
}

/**
 * The uid of a staff-made type: the carrier first (so `fedex` and `ups` rules hold: FedEx fields, UPS
 * tracking pages), the service's words, and `_oz` only for an ounce type (the `_oz` rule of built-ins).
 */
export function staffLabelTypeUid(carrier: Carrier, service: string, weightUnit: WeightUnit): string {
  const slug = serviceWords(carrier, service)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/(_oz)+$/, '')
    .slice(0, 60);
  return `${carrier}_${slug || 'service'}${weightUnit === 'oz' ? '_oz' : ''}`;
}

/** Where a service name offered to staff comes from. */
export type ServiceChoiceSource = 'easypost' | 'shippo' | 'labelport';

/**
 * Service names EasyPost and Shippo document per carrier (EasyPost's rate `service`, Shippo's
 * `servicelevel_token`). What a provider reports for the account is offered beside these.
 */
export const DOCUMENTED_SERVICES: Record<
  'easypost' | 'shippo',
  Record<Carrier, ReadonlyArray<{ service: string; name: string }>>
> = {
  easypost: {
    usps: [
      { service: 'GroundAdvantage', name: 'Ground Advantage' },
      { service: 'Priority', name: 'Priority Mail' },
      { service: 'Express', name: 'Priority Mail Express' },
      { service: 'MediaMail', name: 'Media Mail' },
      { service: 'LibraryMail', name: 'Library Mail' },
    ],
    ups: [
      { service: 'Ground', name: 'Ground' },
      { service: 'UPSGroundsaver', name: 'Ground Saver' },
      { service: '3DaySelect', name: '3 Day Select' },
      { service: '2ndDayAir', name: '2nd Day Air' },
      { service: '2ndDayAirAM', name: '2nd Day Air A.M.' },
      { service: 'NextDayAir', name: 'Next Day Air' },
      { service: 'NextDayAirSaver', name: 'Next Day Air Saver' },
      { service: 'NextDayAirEarlyAM', name: 'Next Day Air Early' },
      { service: 'UPSStandard', name: 'Standard' },
      { service: 'UPSSaver', name: 'Saver' },
      { service: 'Express', name: 'Express' },
      { service: 'ExpressPlus', name: 'Express Plus' },
      { service: 'Expedited', name: 'Expedited' },
    ],
    fedex: [
      { service: 'FEDEX_GROUND', name: 'Ground' },
      { service: 'GROUND_HOME_DELIVERY', name: 'Home Delivery' },
      { service: 'SMART_POST', name: 'Ground Economy' },
      { service: 'FEDEX_2_DAY', name: '2Day' },
      { service: 'FEDEX_2_DAY_AM', name: '2Day A.M.' },
      { service: 'FEDEX_EXPRESS_SAVER', name: 'Express Saver' },
      { service: 'STANDARD_OVERNIGHT', name: 'Standard Overnight' },
      { service: 'PRIORITY_OVERNIGHT', name: 'Priority Overnight' },
      { service: 'FIRST_OVERNIGHT', name: 'First Overnight' },
    ],
  },
  shippo: {
    usps: [
      { service: 'usps_ground_advantage', name: 'Ground Advantage' },
      { service: 'usps_priority', name: 'Priority Mail' },
      { service: 'usps_priority_express', name: 'Priority Mail Express' },
      { service: 'usps_media_mail', name: 'Media Mail' },
    ],
    ups: [
      { service: 'ups_ground', name: 'Ground' },
      { service: 'ups_ground_saver', name: 'Ground Saver' },
      { service: 'ups_3_day_select', name: '3 Day Select' },
      { service: 'ups_second_day_air', name: '2nd Day Air' },
      { service: 'ups_second_day_air_am', name: '2nd Day Air A.M.' },
      { service: 'ups_next_day_air', name: 'Next Day Air' },
      { service: 'ups_next_day_air_saver', name: 'Next Day Air Saver' },
      { service: 'ups_next_day_air_early_am', name: 'Next Day Air Early' },
      { service: 'ups_surepost', name: 'SurePost' },
      { service: 'ups_surepost_lightweight', name: 'SurePost Lightweight' },
    ],
    fedex: [
      { service: 'fedex_ground', name: 'Ground' },
      { service: 'fedex_home_delivery', name: 'Home Delivery' },
      { service: 'fedex_ground_economy', name: 'Ground Economy' },
      { service: 'fedex_smart_post', name: 'SmartPost' },
      { service: 'fedex_2_day', name: '2Day' },
      { service: 'fedex_2_day_am', name: '2Day A.M.' },
      { service: 'fedex_express_saver', name: 'Express Saver' },
      { service: 'fedex_standard_overnight', name: 'Standard Overnight' },
      { service: 'fedex_priority_overnight', name: 'Priority Overnight' },
      { service: 'fedex_first_overnight', name: 'First Overnight' },
    ],
  },
};

/**
 * What a route step asks a provider for, for a staff-made type whose service is `service`: EasyPost
 * `CARRIER:Service` (the type's carrier, unless the name already says one), Shippo's token and an upstream
 * portal's label type as they are.
 */
export function serviceAtProvider(kind: ServiceChoiceSource, carrier: Carrier, service: string): string {
  if (kind !== 'easypost' || service.includes(':')) return service;
  return `${CARRIER_NAMES[carrier]}:${service}`;
}
