import { describe, expect, it } from 'vitest';
import { hasBeenScanned, isFinalTrackingStatus, trackingStatusAdvances } from './tracking.ts';

describe('tracking statuses', () => {
  it('move forward only: a late in-transit scan never undoes delivered, unknown never replaces anything', () => {
    expect(trackingStatusAdvances(null, 'pre_transit')).toBe(true);
    expect(trackingStatusAdvances('pre_transit', 'in_transit')).toBe(true);
    expect(trackingStatusAdvances('in_transit', 'pre_transit')).toBe(false);
    expect(trackingStatusAdvances('delivered', 'in_transit')).toBe(false);
    expect(trackingStatusAdvances('delivered', 'return_to_sender')).toBe(false);
    expect(trackingStatusAdvances('in_transit', 'unknown')).toBe(false);
    expect(trackingStatusAdvances('in_transit', 'in_transit')).toBe(false);
    // A failed delivery attempt leaves the parcel at a pickup point: same rank, applies.
    expect(trackingStatusAdvances('out_for_delivery', 'available_for_pickup')).toBe(true);
    expect(trackingStatusAdvances('in_transit', 'return_to_sender')).toBe(true);
  });

  it('know the final statuses and whether the carrier has the parcel', () => {
    expect(['delivered', 'return_to_sender', 'failure'].every((s) => isFinalTrackingStatus(s as never))).toBe(
      true,
    );
    expect(isFinalTrackingStatus('out_for_delivery')).toBe(false);
    expect(isFinalTrackingStatus(null)).toBe(false);
    expect(hasBeenScanned('pre_transit')).toBe(false);
    expect(hasBeenScanned('unknown')).toBe(false);
    expect(hasBeenScanned(null)).toBe(false);
    expect(hasBeenScanned('in_transit')).toBe(true);
    expect(hasBeenScanned('delivered')).toBe(true);
  });
});
