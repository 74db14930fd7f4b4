import type { PriorityTemplate } from '@portal/shared';
import { DEFAULT_USPS_TEMPLATE, shipmentService } from '../label-services.ts';
import type { StaffLabelType } from '../types.ts';
import { buildFedexExpressBarcode34, buildFedexGroundBarcode34, buildFedexTracking12 } from './fedex.ts';
import { formatFedexBarcode34, formatFedexTracking } from './fedex.ts';
import { buildImpb, type ImpbChannel, type ImpbNumber } from './usps-impb.ts';
import { buildUps1z } from './ups-1z.ts';
import { spreadSerial } from './check-digits.ts';

/**
 * Tracking numbers for a label. Uniqueness across the database comes from `serial`: the caller passes a
 * value from one database sequence (never reused), and every format embeds it without wrapping
 * (a serial too large for a format throws instead of colliding). Serials are spread over each format's
 * number space by a bijection (`spreadSerial`), which keeps them distinct.
 */
export type CarrierAccounts = {
  usps: Record<PriorityTemplate, { channel: ImpbChannel; mailerId: string }>;
  upsShipperNumber: string;
  fedexAccount: string;
  fedexGroundShipper: string;
};

/** Test-mode accounts: well-formed, not real. */
export const TEST_CARRIER_ACCOUNTS: CarrierAccounts = {
  usps: {
    evs: { channel: '92', mailerId: '912345678' },
    pitney: { channel: '94', mailerId: '927080011' },
    indica: { channel: '94', mailerId: '936993001' },
  },
  upsShipperNumber: '7R4W21',
  fedexAccount: '5108402912',
  fedexGroundShipper: '0019211427',
};

export type UspsTracking = {
  carrier: 'usps';
  trackingNumber: string;
  humanReadable: string;
  impb: ImpbNumber;
};
export type UpsTracking = {
  carrier: 'ups';
  trackingNumber: string;
  humanReadable: string;
  maxicodeTracking: string;
  shipperNumber: string;
};
export type FedexTracking = {
  carrier: 'fedex';
  trackingNumber: string;
  humanReadable: string;
  barcode34: string;
  barcode34Text: string;
  account: string;
};
export type LabelTracking = UspsTracking | UpsTracking | FedexTracking;

export type GenerateTrackingInput = {
  labelTypeUid: string;
  /** The staff-made type the uid names, when it is not a built-in one. */
  labelType?: StaffLabelType | undefined;
  template?: PriorityTemplate | undefined;
  destinationZip: string;
  serial: bigint;
  accounts?: CarrierAccounts;
};

export const generateTracking = (input: GenerateTrackingInput): LabelTracking => {
  const accounts = input.accounts ?? TEST_CARRIER_ACCOUNTS;
  const service = shipmentService(input);
  if (service.carrier === 'usps') {
    const isLongImpb = input.serial >= 10n ** 7n;
    const usps = accounts.usps[input.template ?? DEFAULT_USPS_TEMPLATE];
    const impb = buildImpb({
      channel: usps.channel,
      serviceTypeCode: service.serviceTypeCode,
      mailerId: usps.mailerId,
      serial: spreadSerial(input.serial, isLongImpb ? 11 : 7),
      serialForm: isLongImpb ? 'long' : 'short',
      destinationZip: input.destinationZip,
    });
    return { carrier: 'usps', trackingNumber: impb.trackingNumber, humanReadable: impb.humanReadable, impb };
  }
  if (service.carrier === 'ups') {
    const shipperNumber = accounts.upsShipperNumber;
    const ups = buildUps1z({
      shipperNumber,
      serviceIndicator: service.serviceIndicator,
      serial: spreadSerial(input.serial, 7),
    });
    return { carrier: 'ups', ...ups, shipperNumber };
  }
  const tracking12 = buildFedexTracking12(spreadSerial(input.serial, 11));
  const barcode34 = service.isGround
    ? buildFedexGroundBarcode34({
        scnc: service.formCode,
        classOfService: service.classOfService,
        shipperNumber: accounts.fedexGroundShipper,
        tracking12,
      })
    : buildFedexExpressBarcode34({
        formCode: service.formCode,
        account: accounts.fedexAccount,
        destinationZip: input.destinationZip,
        tracking12,
      });
  return {
    carrier: 'fedex',
    trackingNumber: tracking12,
    humanReadable: formatFedexTracking(tracking12),
    barcode34,
    barcode34Text: formatFedexBarcode34(barcode34),
    account: accounts.fedexAccount,
  };
};
