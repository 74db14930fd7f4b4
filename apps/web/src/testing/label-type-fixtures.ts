import type { AdminLabelTypesResponse, LabelTypeView, ProviderView } from '@portal/shared';

/** One price for every weight up to 150. */
const flatPrice = (price: number) => [{ fromWeight: 0, toWeight: 150, price }];

/** An enabled UPS Standard label type at $9 unless told otherwise; `price` sets its one flat tier. */
export const labelTypeFixture = ({
  price = 9,
  ...overrides
}: Partial<LabelTypeView> & { price?: number } = {}): LabelTypeView => ({
  _id: 't-ups',
  name: 'UPS Standard',
  uid: 'ups_standard',
  carrier: 'ups',
  weightUnit: 'lb',
  maxWeight: 150,
  status: true,
  prices: flatPrice(price),
  voidWindowDays: 90,
  ...overrides,
});

const usps = { carrier: 'usps', voidWindowDays: 30 } as const;

/** USPS Priority Mail at $6.50, the one type with templates. */
export const priorityMail = labelTypeFixture({
  ...usps,
  _id: 't-pri',
  name: 'USPS Priority Mail',
  uid: 'priority',
  maxWeight: 70,
  price: 6.5,
});

/** The reseller's catalogue: one type in ounces, one FedEx type and one disabled type among them. */
export const labelTypeCatalog: LabelTypeView[] = [
  priorityMail,
  labelTypeFixture({
    ...usps,
    _id: 't-oz',
    name: 'USPS Ground Advantage (oz)',
    uid: 'ground_oz',
    weightUnit: 'oz',
    maxWeight: 15.99,
    price: 3,
  }),
  labelTypeFixture(),
  labelTypeFixture({ _id: 't-upsg', name: 'UPS Ground', uid: 'ups_ground' }),
  labelTypeFixture({ _id: 't-fedex', name: 'FedEx Ground', uid: 'fedex_ground', carrier: 'fedex', price: 8 }),
  labelTypeFixture({ _id: 't-off', name: 'UPS Express', uid: 'ups_express', status: false, price: 18 }),
];

type AdminLabelType = AdminLabelTypesResponse['labelTypes'][number];

/** The console's USPS Priority Mail: built in, sold in order with no margin floor, no route, $9 a label. */
export const adminLabelTypeFixture = (overrides: Partial<AdminLabelType> = {}): AdminLabelType => ({
  _id: 't-pri',
  name: 'USPS Priority Mail',
  uid: 'priority',
  carrier: 'usps',
  service: 'priority',
  isStaffMade: false,
  weightUnit: 'lb',
  maxWeight: 70,
  status: true,
  voidWindowDays: 30,
  orderCount: 0,
  route: [],
  mode: 'ordered',
  withinCents: null,
  minMarginCents: null,
  minMarginPercent: null,
  prices: [{ fromWeight: 0, toWeight: 70, price: 9 }],
  ...overrides,
});

/** A healthy, enabled provider with no routes yet. */
export const providerFixture = (
  id: string,
  name: string,
  kind: ProviderView['kind'],
  overrides: Partial<ProviderView> = {},
): ProviderView => ({
  _id: id,
  kind,
  name,
  mode: 'live',
  enabled: true,
  credentialHint: 'abcd',
  baseUrl: null,
  maxConcurrent: 10,
  labelTypes: [],
  health: { circuit: 'closed', calls: 0, successRate: null, p95Ms: null, lastError: null },
  createdAt: '2026-11-26T00:00:00.000Z',
  ...overrides,
});
