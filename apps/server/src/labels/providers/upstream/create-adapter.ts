import type { UpstreamKind } from '@portal/shared';
import { createLabelportAdapter } from './labelport-adapter.ts';
import type { UpstreamAdapter, UpstreamAdapterOptions } from './upstream-adapter.ts';

/** The adapter of one kind of upstream, from the credentials staff gave. */
export function createUpstreamAdapter(kind: UpstreamKind, options: UpstreamAdapterOptions): UpstreamAdapter {
  switch (kind) {
    case 'labelport':
      return createLabelportAdapter(options);
    case 'easypost':
    case 'shippo':
      throw new RangeError(`${kind} providers are not available in this build`);
  }
}
