import { describe, expect, it } from 'vitest';
import {
  fromAddressKey,
  scanFormMisfits,
  scanFormMisfitText,
  type ScanFormCandidate,
} from './shipping-day.ts';

const AUSTIN = fromAddressKey({ street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
const label = (change: Partial<ScanFormCandidate> = {}): ScanFormCandidate => ({
  carrier: 'usps',
  fromKey: AUSTIN,
  shipDate: '2026-11-28',
  source: 'test',
  hasLabel: true,
  isRefunded: false,
  isOnForm: false,
  ...change,
});
const texts = (labels: ScanFormCandidate[]) =>
  Object.fromEntries([...scanFormMisfits(labels)].map(([i, m]) => [i, scanFormMisfitText(m)]));

describe('the SCAN form rule (decision 328)', () => {
  it('takes USPS labels of one from-address, ship date and provider', () => {
    expect(texts([label(), label(), label()])).toEqual({});
  });

  it('names why each other label does not fit, against what most labels share', () => {
    expect(
      texts([
        label(),
        label({ carrier: 'ups' }),
        label({ isRefunded: true }),
        label({ isOnForm: true }),
        label({ hasLabel: false }),
        label(),
        label({
          fromKey: fromAddressKey({ street: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201' }),
        }),
        label({ shipDate: '2026-11-27' }),
        label({ source: 'provider-1' }),
      ]),
    ).toEqual({
      1: 'another carrier (UPS)',
      2: 'refunded',
      3: 'already on a SCAN form',
      4: 'no label yet',
      6: 'another from-address',
      7: 'another ship date (2026-11-27)',
      8: 'bought through another provider',
    });
  });

  it('reads one place whatever its case, spaces and ZIP+4', () => {
    expect(
      fromAddressKey({ street: '100  congress ave', city: 'AUSTIN', state: 'tx', zip: '78701-1234' }),
    ).toBe(AUSTIN);
  });
});
