import type { LabelProvider } from './label-provider.ts';
import { UpstreamRejectedError } from './upstream-provider.ts';

/**
 * For crash tests and benchmarks of the real server process (LABEL_TEST_REJECT_MARKER): a recipient
 * whose name contains `marker` is rejected the way a carrier rejects an address, so some rows of a
 * bulk order fail deterministically. Never configured in production.
 */
export const withTestRejections = (provider: LabelProvider, marker: string): LabelProvider => ({
  name: provider.name,
  async purchase(shipment, options) {
    if (shipment.to.name.includes(marker))
      throw new UpstreamRejectedError(`Address rejected by the carrier (test marker ${marker})`);
    return provider.purchase(shipment, options);
  },
});
