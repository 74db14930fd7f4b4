import type { AdminOrderView, OrderView, TrackingEventView } from '@portal/shared';

/** A completed UPS order as the reseller's history lists it; `n` makes its ids and names its own. */
export const orderFixture = (n: number, overrides: Partial<OrderView> = {}): OrderView => ({
  _id: `o${n}`,
  OrderId: `LBL-1004${n}`,
  uuid: `u${n}`,
  user: 'me',
  labelType: { _id: 't-ups', name: 'UPS Standard', uid: 'ups_standard' },
  fromName: 'Jane Doe',
  toName: `Receiver ${n}`,
  price: 9,
  status: 'completed',
  tracking: `1Z999AA1012345678${n}`,
  trackingUrl: `https://www.ups.com/track?tracknum=1Z999AA1012345678${n}`,
  trackingStatus: 'pre_transit',
  pdf: `/order/download/o${n}`,
  createdAt: '2025-03-04T15:30:00.000Z',
  source: 'app',
  signature: false,
  design: null,
  Weight: 2,
  Height: null,
  Width: null,
  Length: null,
  FromName: 'Jane Doe',
  FromCompany: '',
  FromStreet: '12 Elm St',
  FromStreet2: '',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '73301',
  FromCountry: 'US',
  FromPhone: '',
  ToName: `Receiver ${n}`,
  ToCompany: '',
  ToStreet: '9 Oak Ave',
  ToStreet2: '',
  ToCity: 'Denver',
  ToState: 'CO',
  ToZip: '80202',
  ToCountry: 'US',
  ToPhone: '',
  refundStatus: null,
  refundNote: null,
  refundRequest: null,
  refundableUntil: null,
  ...overrides,
});

/** The same order as staff see it: its reseller, provider, cost and margin. */
export const adminOrderFixture = (n: number, overrides: Partial<AdminOrderView> = {}): AdminOrderView => ({
  ...orderFixture(n),
  reseller: { _id: 'r1', discordId: 'acme.labels', username: 'Acme Labels' },
  failureReason: null,
  refundRequest: null,
  provider: null,
  cost: null,
  margin: null,
  ...overrides,
});

/** A tracking event at `time` in Austin, TX unless told otherwise. */
export const trackingEvent = (
  time: string,
  status: TrackingEventView['status'],
  description: string,
  place: { city: string | null; state: string | null } = { city: 'Austin', state: 'TX' },
): TrackingEventView => ({ time, status, description, ...place });
