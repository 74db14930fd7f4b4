import { serviceOf } from '../label-services.ts';
import { renderLabel } from '../render-label.ts';
import { generateTracking, type CarrierAccounts } from '../tracking/generate-tracking.ts';
import type { LabelProvider } from './label-provider.ts';

/**
 * The default provider: renders real-format test labels locally, marked "TEST LABEL - NOT VALID FOR
 * POSTAGE". Nothing is bought, and the same serial always gives the same label, so retries are harmless.
 */
export const createTestModeProvider = (accounts?: CarrierAccounts): LabelProvider => ({
  name: 'test-mode',
  async purchase(shipment, { trackingSerial }) {
    const tracking = generateTracking({
      labelTypeUid: shipment.labelTypeUid,
      template: shipment.template,
      destinationZip: shipment.to.zip,
      serial: trackingSerial,
      ...(accounts ? { accounts } : {}),
    });
    const pdf = await renderLabel(shipment, tracking, { isTestLabel: true });
    return {
      tracking: tracking.trackingNumber,
      pdf,
      carrier: serviceOf(shipment.labelTypeUid).carrier,
      provider: 'test-mode',
      isTestLabel: true,
    };
  },
});
