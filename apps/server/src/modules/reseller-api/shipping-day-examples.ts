/** Examples of the SCAN form and pickup calls, as the OpenAPI document shows them (issue 46). */
const ORDER_IDS = ['3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f', '7a9d0e4c-1b2f-4c8e-8d3a-5e6f7a8b9c0d'];
const FROM = {
  name: 'Sam Sender',
  company: '',
  street: '100 Congress Ave',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const LABELS = [
  { _id: ORDER_IDS[0]!, OrderId: 'LBL-10042', tracking: '9400111206213859462011' },
  { _id: ORDER_IDS[1]!, OrderId: 'LBL-10043', tracking: '9400111206213859462028' },
];
const SCAN_FORM = {
  _id: '0b6c9f0e-2a1d-4f3b-a5c7-9e8d7c6b5a41',
  carrier: 'usps',
  fromAddress: FROM,
  shipDate: '2026-11-28',
  trackingNumbers: LABELS.map((l) => l.tracking),
  orders: LABELS,
  status: 'created',
  isTest: false,
  createdAt: '2026-11-28T17:02:11.000Z',
};
const PICKUP_BODY = {
  orderIds: ORDER_IDS,
  address: { ...FROM, phone: '512-555-0100' },
  minDatetime: '2026-11-30T09:00:00-06:00',
  maxDatetime: '2026-11-30T12:00:00-06:00',
  instructions: 'Parcels by the front door',
};
const PICKUP = {
  _id: '5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928171',
  status: 'scheduled',
  carrier: 'usps',
  confirmation: 'WTC61201234',
  price: 0,
  address: { ...FROM, phone: '512-555-0100' },
  minDatetime: '2026-11-30T15:00:00.000Z',
  maxDatetime: '2026-11-30T18:00:00.000Z',
  instructions: 'Parcels by the front door',
  packageCount: 2,
  totalWeightOz: 6,
  orders: LABELS,
  isTest: false,
  createdAt: '2026-11-28T17:05:40.000Z',
  cancelledAt: null,
};

type Example = { request?: unknown; responses: Record<string, unknown> };

/** Per path and method: the request body and the answers by status. */
export const SHIPPING_DAY_EXAMPLES: Record<string, Record<string, Example>> = {
  '/scan-form': {
    post: {
      request: { orderIds: ORDER_IDS },
      responses: { 201: { message: 'SCAN form created', scanForm: SCAN_FORM } },
    },
  },
  '/scan-forms': { get: { responses: { 200: { scanForms: [SCAN_FORM] } } } },
  '/pickup': {
    post: {
      request: PICKUP_BODY,
      responses: {
        200: { message: 'Pickup price', quote: { carrier: 'usps', price: 0, packageCount: 2 } },
        201: { message: 'Pickup scheduled', pickup: PICKUP },
      },
    },
  },
  '/pickups': { get: { responses: { 200: { pickups: [PICKUP] } } } },
  '/pickup/{id}': {
    delete: {
      responses: {
        200: {
          message: 'Pickup cancelled',
          pickup: { ...PICKUP, status: 'cancelled', cancelledAt: '2026-11-28T18:00:00.000Z' },
        },
      },
    },
  },
};

type Operation = {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

/** Puts the examples on the generated document's JSON bodies. */
export function withShippingDayExamples<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [path, methods] of Object.entries(SHIPPING_DAY_EXAMPLES))
    for (const [method, example] of Object.entries(methods)) {
      const operation = paths[path]?.[method];
      if (!operation) continue;
      const body = operation.requestBody?.content?.['application/json'];
      if (body && example.request) body.example = example.request;
      for (const [status, answer] of Object.entries(example.responses)) {
        const media = operation.responses?.[status]?.content?.['application/json'];
        if (media) media.example = answer;
      }
    }
  return doc;
}
