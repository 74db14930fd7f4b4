import { LABEL_TYPE_SEED, PRIORITY_TEMPLATES } from '@portal/shared';
import type { Shipment } from './types.ts';

/** Sample shipments for tests, the label gallery, the benchmark and the render threads' warm-up. */
export const SAMPLE_FROM = {
  name: 'Harbor Street Outfitters',
  company: 'HSO Fulfillment LLC',
  street1: '1200 Harbor Bay Parkway',
  street2: 'Suite 310',
  city: 'Alameda',
  state: 'CA',
  zip: '94502',
  phone: '510-555-0143',
};

export const SAMPLE_TO = {
  name: 'Margaret Hollingsworth',
  company: 'Bluebird Ceramics',
  street1: '4821 Old Meridian Road',
  street2: 'Apt 12B',
  city: 'Indianapolis',
  state: 'IN',
  zip: '46240-1234',
  phone: '(317) 555-0199',
};

export const sampleShipment = (labelTypeUid: string, overrides: Partial<Shipment> = {}): Shipment => ({
  orderId: 'LBL-10042',
  labelTypeUid,
  from: SAMPLE_FROM,
  to: SAMPLE_TO,
  weight: labelTypeUid.endsWith('_oz') ? 12 : 3.4,
  dimensions: { length: 12, width: 9, height: 4, unit: 'in' },
  date: new Date(Date.UTC(2025, 0, 6)),
  ...overrides,
});

/** A recipient with long, non-ASCII fields: exercises shrinking, wrapping and the embedded font. */
export const LONG_UNICODE_TO = {
  name: 'Łukasz Żółćkiewicz-Wiśniewski von Brandenburg-Hohenzollern',
  company: 'Ωmega Δelta Трейдинг и Партнёры International Holdings',
  street1: '12345 North Martin Luther King Junior Boulevard Building C',
  street2: 'Floor 14, Suite 1400, Attention Receiving Department',
  city: 'Rancho Santa Margarita',
  state: 'CA',
  zip: '92688',
  phone: '949-555-0112',
};

/** A label to draw in a test: its name there and its shipment. */
export type LabelCase = { name: string; shipment: Shipment };

/**
 * Every label type (Priority in each of its templates), then a UPS and a FedEx label shipping to a long
 * address in other scripts.
 */
export const everyLabel = (): LabelCase[] => [
  ...LABEL_TYPE_SEED.filter((t) => t.uid !== 'priority').map((t) => ({
    name: t.uid,
    shipment: sampleShipment(t.uid),
  })),
  ...PRIORITY_TEMPLATES.map((template) => ({
    name: `priority-${template}`,
    shipment: sampleShipment('priority', { template }),
  })),
  { name: 'long-unicode-ups', shipment: sampleShipment('ups_express', { to: LONG_UNICODE_TO }) },
  { name: 'long-unicode-fedex', shipment: sampleShipment('fedex_home_delivery', { to: LONG_UNICODE_TO }) },
];
