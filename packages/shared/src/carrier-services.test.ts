import { describe, expect, it } from 'vitest';
import {
  DOCUMENTED_SERVICES,
  isBuiltInLabelType,
  serviceAtProvider,
  serviceWords,
  staffLabelTypeUid,
} from './carrier-services.ts';
import { allowsCanada, carrierOfUid, isFedex, weightUnitOf } from './index.ts';
import { adminLabelTypeBody } from './schemas/admin-label-types.ts';

describe('staff-made label types (decision 334)', () => {
  it('reads a service name as words, whichever provider named it', () => {
    expect(serviceWords('usps', 'GroundAdvantage')).toBe('GROUND ADVANTAGE');
    expect(serviceWords('usps', 'USPS:GroundAdvantage')).toBe('GROUND ADVANTAGE');
    expect(serviceWords('usps', 'usps_ground_advantage')).toBe('GROUND ADVANTAGE');
    expect(serviceWords('ups', 'ups_ground_saver')).toBe('GROUND SAVER');
    expect(serviceWords('ups', 'UPSGroundsaver')).toBe('GROUNDSAVER');
    expect(serviceWords('fedex', 'FEDEX_2_DAY_AM')).toBe('2 DAY AM');
    expect(serviceWords('ups', 'UPS')).toBe('UPS');
  });

  it("gives a uid the spec's uid rules read right: carrier, FedEx fields, _oz units, no Canada", () => {
    const cases = [
      ['usps', 'GroundAdvantage', 'lb', 'usps_ground_advantage'],
      ['usps', 'usps_ground_advantage', 'oz', 'usps_ground_advantage_oz'],
      ['ups', 'Ground Saver', 'lb', 'ups_ground_saver'],
      ['fedex', 'FEDEX_GROUND', 'lb', 'fedex_ground'],
      ['usps', 'Media Mail (oz)', 'lb', 'usps_media_mail'],
    ] as const;
    for (const [carrier, service, unit, uid] of cases) {
      const made = staffLabelTypeUid(carrier, service, unit);
      expect(made).toBe(uid);
      expect(carrierOfUid(made)).toBe(carrier);
      expect(isFedex(made)).toBe(carrier === 'fedex');
      expect(weightUnitOf(made)).toBe(unit);
      expect(allowsCanada(made)).toBe(false);
    }
    expect(isBuiltInLabelType('fedex_ground')).toBe(true);
    expect(isBuiltInLabelType('ups_ground_saver')).toBe(false);
  });

  it('asks EasyPost for CARRIER:Service, and Shippo and an upstream for the name as it is', () => {
    expect(serviceAtProvider('easypost', 'usps', 'GroundAdvantage')).toBe('USPS:GroundAdvantage');
    expect(serviceAtProvider('easypost', 'fedex', 'FEDEX_GROUND')).toBe('FedEx:FEDEX_GROUND');
    expect(serviceAtProvider('easypost', 'ups', 'UPS:Ground')).toBe('UPS:Ground');
    expect(serviceAtProvider('shippo', 'ups', 'ups_ground_saver')).toBe('ups_ground_saver');
    expect(serviceAtProvider('labelport', 'ups', 'ups_ground_saver')).toBe('ups_ground_saver');
    expect(DOCUMENTED_SERVICES.shippo.ups.map((s) => s.service)).toContain('ups_ground_saver');
  });

  it('takes a printable service name of at most 100 characters', () => {
    const body = (service: string) => ({
      name: 'X',
      carrier: 'ups',
      service,
      weightUnit: 'lb',
      maxWeight: 5,
      status: true,
      prices: [{ fromWeight: 0, toWeight: 5, price: 1 }],
    });
    expect(adminLabelTypeBody.safeParse(body(' Ground Saver ')).data?.service).toBe('Ground Saver');
    const messages = (service: string) =>
      adminLabelTypeBody.safeParse(body(service)).error?.issues.map((i) => i.message);
    expect(messages('Ground\u00a0Säver')).toEqual(['Service must be plain letters, digits and punctuation']);
    expect(messages('x'.repeat(101))).toEqual(['Service must be at most 100 characters']);
    expect(messages('  ')).toEqual(['Service is required']);
  });
});
