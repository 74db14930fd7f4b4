import type { OrderView } from '@portal/shared';

const STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;

/** An order as the history lists it, varied the way real pages are: cents, nulls, refund requests, quotes. */
export function sampleOrderView(index: number, overrides: Partial<OrderView> = {}): OrderView {
  const status = STATUSES[index % STATUSES.length]!;
  const tracking = status === 'completed' ? `94001118992231974${String(index).padStart(5, '0')}` : null;
  return {
    _id: `0b9f6c2e-4d1a-4f6e-9c1b-${String(index).padStart(12, '0')}`,
    OrderId: `LP-${100000 + index}`,
    uuid: `7d3c1a90-2b4e-4c5d-8e6f-${String(index >> 2).padStart(12, '0')}`,
    user: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    createdBy: {
      _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      username: index % 2 ? 'Packer "Pat"' : 'Owner',
    },
    labelType: {
      _id: 'c0ffee00-0000-4000-8000-000000000001',
      name: 'USPS Ground Advantage (oz)',
      uid: 'ground_oz',
    },
    fromName: 'Acme "Prime" Goods',
    toName: index % 5 === 0 ? "Zoë O'Neil — 東京" : `Rita Receiver ${index}`,
    price: [2.75, 0.1 + 0.2, 4.5, 12.99, 7][index % 5]!,
    status,
    tracking,
    trackingUrl: tracking ? `https://tools.usps.com/go/TrackConfirmAction?tLabels=${tracking}` : null,
    trackingStatus: tracking ? (['pre_transit', 'in_transit', 'delivered'] as const)[index % 3]! : null,
    pdf: tracking ? `/api/v1/order/download/${index}` : null,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, index)).toISOString(),
    source: index % 3 === 0 ? 'api' : 'app',
    signature: index % 7 === 0,
    design: index % 4 === 0 ? 'classic' : null,
    Weight: 2.5 + index / 10,
    Height: index % 2 ? 4 : null,
    Width: index % 2 ? 6.25 : null,
    Length: index % 2 ? 8 : null,
    FromName: 'Acme "Prime" Goods',
    FromCompany: 'Acme LLC',
    FromStreet: '1 Main St',
    FromStreet2: '',
    FromCity: 'Springfield',
    FromState: 'IL',
    FromZip: '62701',
    FromCountry: 'US',
    FromPhone: '2175550100',
    ToName: `Rita Receiver ${index}`,
    ToCompany: '',
    ToStreet: `${100 + index} Elm Street\\Apt "B"`,
    ToStreet2: 'Suite 5',
    ToCity: 'Portland',
    ToState: 'OR',
    ToZip: '97201',
    ToCountry: 'US',
    ToPhone: '5035550199',
    refundStatus: index % 6 === 0 ? 'requested' : null,
    refundNote: null,
    refundRequest:
      index % 6 === 0
        ? {
            _id: `r-${index}`,
            status: 'pending',
            reason: 'Wrong "address"\nplease',
            rejectionReason: null,
            createdAt: '2026-11-02T09:30:00.000Z',
            decidedAt: null,
          }
        : null,
    refundableUntil: status === 'completed' ? '2026-12-01T12:00:00.000Z' : null,
    ...overrides,
  };
}
