import { carrierOfShipment } from '../label-services.ts';
import { inlineRenderer, type LabelRenderer } from '../render-pool/label-renderer.ts';
import type { CarrierAccounts } from '../tracking/generate-tracking.ts';
import type { LabelProvider } from './label-provider.ts';

/**
 * The default provider: renders real-format test labels locally, marked "TEST LABEL - NOT VALID FOR
 * POSTAGE". Nothing is bought, and the same serial always gives the same label, so retries are harmless.
 * `renderer` is where the drawing happens: the app passes its pool of render threads.
 */
export const createTestModeProvider = (
  accounts?: CarrierAccounts,
  renderer: LabelRenderer = inlineRenderer,
): LabelProvider => ({
  name: 'test-mode',
  async purchase(shipment, { trackingSerial }) {
    const { tracking, file: pdf } = await renderer.render({
      shipment,
      trackingSerial,
      accounts,
      isTestLabel: true,
    });
    return {
      tracking: tracking.trackingNumber,
      pdf,
      carrier: carrierOfShipment(shipment),
      provider: 'test-mode',
      isTestLabel: true,
    };
  },
});
