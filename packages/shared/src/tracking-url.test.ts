import { describe, expect, it } from 'vitest';
import { carrierOfUid, trackingUrl } from './tracking-url.ts';

describe('carrierOfUid', () => {
  it.each([
    ['priority', 'usps'],
    ['ground_oz', 'usps'],
    ['ups_standard', 'ups'],
    ['ups_express_saver', 'ups'],
    ['fedex_ground', 'fedex'],
    ['fedex_priority_overnight', 'fedex'],
  ] as const)('maps %s to %s', (uid, carrier) => {
    expect(carrierOfUid(uid)).toBe(carrier);
  });
});

describe('trackingUrl', () => {
  it('links USPS, UPS and FedEx numbers to the public tracking pages', () => {
    expect(trackingUrl('usps', '9405511899223197428490')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9405511899223197428490',
    );
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('fedex', '794698574829')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=794698574829',
    );
  });

  it('escapes whatever it is given', () => {
    expect(trackingUrl('ups', ' 1Z 99&x ')).toBe('https://www.ups.com/track?tracknum=1Z%2099%26x');
  });
});
