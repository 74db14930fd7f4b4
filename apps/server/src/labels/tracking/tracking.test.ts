import { LABEL_TYPE_SEED } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  fedexMod11CheckDigit,
  gs1Mod10CheckDigit,
  hasValidCheckDigit,
  upsCheckDigit,
} from './check-digits.ts';
import { buildFedexGround22, buildFedexTracking12 } from './fedex.ts';
import { generateTracking } from './generate-tracking.ts';
import { buildUps1z } from './ups-1z.ts';
import { buildImpb } from './usps-impb.ts';

// Published test numbers: LABELS.md and jkeen/tracking_number_data couriers/*.json.
const USPS_VALID = [
  '9205591234567800000011',
  '9302234567890123456788',
  '9400111201080805483016',
  '9361289878700317633795',
  '9505511069605048600624',
  '9101123456789000000013',
  '92748931507708513018050063',
  '9405803699300124287899',
  '03071790000523483741',
  '71123456789123456787',
];
const UPS_VALID = ['1Z5R89390357567127', '1Z879E930346834440', '1Z410E7W0392751591', '1Z8V92A70367203024'];
const FEDEX_12_VALID = ['986578788855', '477179081230', '799531274483', '790535312317', '974367662710'];
const FEDEX_34_VALID = [
  '1001921334250001000300779017972697',
  '1001921380360001000300639585804382',
  '9622001900000000000000776632517510',
  '9632001560123456789900794808390594',
];
const FEDEX_GROUND_15_VALID = ['041441760228964', '568283610012000', '568283610012734'];

/** The IMpb of USPS's worked example (channel 92, service 055, mailer 912345678) for a serial and ZIP. */
const worked = (serial: bigint, destinationZip: string) =>
  buildImpb({ channel: '92', serviceTypeCode: '055', mailerId: '912345678', serial, destinationZip });

describe('check digits', () => {
  it('USPS MOD 10 accepts the published IMpb numbers and rejects altered ones', () => {
    for (const n of USPS_VALID) expect(hasValidCheckDigit(n, gs1Mod10CheckDigit), n).toBe(true);
    expect(hasValidCheckDigit('03071790000523483742', gs1Mod10CheckDigit)).toBe(false);
    expect(hasValidCheckDigit('9200000000000000000000', gs1Mod10CheckDigit)).toBe(false);
  });
  it('USPS worked example: 92 055 912345678 0000001 has check digit 1', () => {
    expect(gs1Mod10CheckDigit('920559123456780000001')).toBe(1);
  });
  it('UPS modified MOD 10 accepts the published 1Z numbers', () => {
    for (const n of UPS_VALID) expect(hasValidCheckDigit(n.slice(2), upsCheckDigit), n).toBe(true);
    expect(upsCheckDigit('5R8939035756712')).toBe(7);
    expect(hasValidCheckDigit('1111111111111111', upsCheckDigit)).toBe(false);
  });
  it('FedEx mod 11 accepts the 12-digit Express numbers and the tails of 34-digit barcodes', () => {
    for (const n of FEDEX_12_VALID) expect(hasValidCheckDigit(n, fedexMod11CheckDigit), n).toBe(true);
    expect(fedexMod11CheckDigit('79053531231')).toBe(7);
    expect(hasValidCheckDigit('996578788855', fedexMod11CheckDigit)).toBe(false);
    for (const n of FEDEX_34_VALID)
      expect(hasValidCheckDigit(n.slice(-12), fedexMod11CheckDigit), n).toBe(true);
    expect(hasValidCheckDigit('1001901781990001000300617767839438'.slice(-12), fedexMod11CheckDigit)).toBe(
      false,
    );
  });
  it('FedEx Ground MOD 10 accepts the 15-digit numbers and the 22-digit 96 barcode', () => {
    for (const n of FEDEX_GROUND_15_VALID) expect(hasValidCheckDigit(n, gs1Mod10CheckDigit), n).toBe(true);
    expect(hasValidCheckDigit('568283610012732', gs1Mod10CheckDigit)).toBe(false);
    expect(hasValidCheckDigit('9611020987654312345672'.slice(7), gs1Mod10CheckDigit)).toBe(true);
  });
});

describe('tracking number builders', () => {
  it('builds the IMpb worked example with 420+ZIP routing', () => {
    const impb = worked(1n, '22082');
    expect(impb.trackingNumber).toBe('9205591234567800000011');
    expect(impb.humanReadable).toBe('9205 5912 3456 7800 0000 11');
    expect(impb.barcodeText).toBe('(420)22082(92)05591234567800000011');
    expect(impb.scannedData).toBe('42022082\x1d9205591234567800000011');
  });
  it('moves to the 26-digit IMpb form instead of wrapping a large serial', () => {
    const impb = worked(12_345_678n, '10001-1234');
    expect(impb.trackingNumber).toHaveLength(26);
    expect(impb.routingZip).toBe('100011234');
    expect(hasValidCheckDigit(impb.trackingNumber, gs1Mod10CheckDigit)).toBe(true);
  });
  it('rebuilds the published 1Z number from its parts', () => {
    const ups = buildUps1z({ shipperNumber: '5R8939', serviceIndicator: '03', serial: 5756712n });
    expect(ups.trackingNumber).toBe('1Z5R89390357567127');
    expect(ups.humanReadable).toBe('1Z 5R8 939 03 5756 7127');
    expect(ups.maxicodeTracking).toBe('1Z57567127');
  });
  it('rebuilds published FedEx numbers from their parts', () => {
    expect(buildFedexTracking12(79053531231n)).toBe('790535312317');
    const ground = buildFedexGround22({
      scnc: '11',
      serviceCode: '020',
      shipperId: '9876543',
      packageSerial: 1234567n,
    });
    expect(ground.barcode22).toBe('9611020987654312345672');
    expect(ground.tracking15).toBe('987654312345672');
  });
  it('refuses serials that would not fit instead of reusing a number', () => {
    expect(() =>
      buildUps1z({ shipperNumber: '5R8939', serviceIndicator: '03', serial: 10_000_000n }),
    ).toThrow(RangeError);
    expect(() => buildFedexTracking12(10n ** 11n)).toThrow(RangeError);
  });
});

describe('generateTracking', () => {
  it('gives every label type a valid number and distinct serials distinct numbers', () => {
    for (const type of LABEL_TYPE_SEED) {
      const seen = new Set<string>();
      for (const serial of [1n, 2n, 99n, 9_999_999n]) {
        const t = generateTracking({ labelTypeUid: type.uid, destinationZip: '94107', serial });
        const algorithm =
          t.carrier === 'usps'
            ? gs1Mod10CheckDigit
            : t.carrier === 'fedex'
              ? fedexMod11CheckDigit
              : upsCheckDigit;
        const checked = t.carrier === 'ups' ? t.trackingNumber.slice(2) : t.trackingNumber;
        expect(hasValidCheckDigit(checked, algorithm), `${type.uid} ${t.trackingNumber}`).toBe(true);
        if (t.carrier === 'fedex') {
          expect(t.barcode34).toHaveLength(34);
          expect(t.barcode34.endsWith(t.trackingNumber)).toBe(true);
        }
        seen.add(t.trackingNumber);
      }
      expect(seen.size).toBe(4);
    }
  });
});
