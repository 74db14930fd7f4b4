import type { PriceTier } from './pricing.ts';

/**
 * The label types the portal sells. The uid is the contract the spec names (`priority`, `ground_oz`,
 * `ups_*`, `fedex_*`); carrier and service drive the label template and tracking number format.
 */
export type Carrier = 'usps' | 'ups' | 'fedex';
export type WeightUnit = 'oz' | 'lb';

export type LabelTypeDefinition = {
  uid: string;
  name: string;
  carrier: Carrier;
  service: string;
  maxWeight: number;
  prices: PriceTier[];
};

export const PRIORITY_TEMPLATES = ['pitney', 'evs', 'indica'] as const;
export type PriorityTemplate = (typeof PRIORITY_TEMPLATES)[number];
export const TEMPLATE_LABELS: Record<PriorityTemplate, string> = {
  pitney: 'pitney',
  evs: 'evs',
  indica: 'Endicia',
};

/** UPS types whose destination may be a Canadian province (spec section 5). */
export const UPS_CANADA_UIDS = [
  'ups_standard',
  'ups_express',
  'ups_express_saver',
  'ups_express_early',
  'ups_expedited',
] as const;

export const weightUnitOf = (uid: string): WeightUnit => (uid.endsWith('_oz') ? 'oz' : 'lb');
export const isPriority = (uid: string): boolean => uid === 'priority';
export const isFedex = (uid: string): boolean => uid.includes('fedex');
export const allowsCanada = (uid: string): boolean => (UPS_CANADA_UIDS as readonly string[]).includes(uid);

const tiers = (rows: Array<[number, number, number]>): PriceTier[] =>
  rows.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price }));

export const LABEL_TYPE_SEED: readonly LabelTypeDefinition[] = [
  {
    uid: 'priority',
    name: 'USPS Priority Mail',
    carrier: 'usps',
    service: 'priority',
    maxWeight: 70,
    prices: tiers([
      [0, 1, 4.5],
      [1, 5, 6.5],
      [5, 10, 9.5],
      [10, 20, 14],
      [20, 40, 19],
      [40, 70, 26],
    ]),
  },
  {
    uid: 'ground_oz',
    name: 'USPS Ground Advantage (oz)',
    carrier: 'usps',
    service: 'ground_advantage',
    maxWeight: 15.99,
    prices: tiers([
      [0, 4, 2.75],
      [4, 8, 3.25],
      [8, 12, 3.75],
      [12, 15.99, 4.25],
    ]),
  },
  {
    uid: 'ups_standard',
    name: 'UPS Standard',
    carrier: 'ups',
    service: 'standard',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 9],
      [10, 30, 14],
      [30, 70, 22],
      [70, 150, 35],
    ]),
  },
  {
    uid: 'ups_express',
    name: 'UPS Express',
    carrier: 'ups',
    service: 'express',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 18],
      [10, 30, 26],
      [30, 70, 38],
      [70, 150, 55],
    ]),
  },
  {
    uid: 'ups_express_saver',
    name: 'UPS Express Saver',
    carrier: 'ups',
    service: 'express_saver',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 15],
      [10, 30, 22],
      [30, 70, 32],
      [70, 150, 48],
    ]),
  },
  {
    uid: 'ups_express_early',
    name: 'UPS Express Early',
    carrier: 'ups',
    service: 'express_early',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 28],
      [10, 30, 38],
      [30, 70, 52],
      [70, 150, 75],
    ]),
  },
  {
    uid: 'ups_expedited',
    name: 'UPS Expedited',
    carrier: 'ups',
    service: 'expedited',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 12],
      [10, 30, 18],
      [30, 70, 27],
      [70, 150, 40],
    ]),
  },
  {
    uid: 'fedex_ground',
    name: 'FedEx Ground',
    carrier: 'fedex',
    service: 'ground',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 8],
      [10, 30, 12.5],
      [30, 70, 19],
      [70, 150, 30],
    ]),
  },
  {
    uid: 'fedex_home_delivery',
    name: 'FedEx Home Delivery',
    carrier: 'fedex',
    service: 'home_delivery',
    maxWeight: 70,
    prices: tiers([
      [0, 10, 8.5],
      [10, 30, 13],
      [30, 70, 20],
    ]),
  },
  {
    uid: 'fedex_2day',
    name: 'FedEx 2Day',
    carrier: 'fedex',
    service: 'two_day',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 16],
      [10, 30, 24],
      [30, 70, 36],
      [70, 150, 52],
    ]),
  },
  {
    uid: 'fedex_express_saver',
    name: 'FedEx Express Saver',
    carrier: 'fedex',
    service: 'express_saver',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 13],
      [10, 30, 20],
      [30, 70, 30],
      [70, 150, 44],
    ]),
  },
  {
    uid: 'fedex_standard_overnight',
    name: 'FedEx Standard Overnight',
    carrier: 'fedex',
    service: 'standard_overnight',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 24],
      [10, 30, 34],
      [30, 70, 48],
      [70, 150, 70],
    ]),
  },
  {
    uid: 'fedex_priority_overnight',
    name: 'FedEx Priority Overnight',
    carrier: 'fedex',
    service: 'priority_overnight',
    maxWeight: 150,
    prices: tiers([
      [0, 10, 29],
      [10, 30, 40],
      [30, 70, 56],
      [70, 150, 80],
    ]),
  },
];
