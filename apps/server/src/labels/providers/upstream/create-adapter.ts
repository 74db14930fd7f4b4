import type { UpstreamKind } from '@portal/shared';
import { createLabelportAdapter } from './labelport-adapter.ts';
import { lazySdkAdapter } from './sdk-adapters.ts';
import type { UpstreamAdapter, UpstreamAdapterOptions } from './upstream-adapter.ts';

/** The adapter of one kind of upstream, from the credentials staff gave. */
export function createUpstreamAdapter(kind: UpstreamKind, options: UpstreamAdapterOptions): UpstreamAdapter {
  switch (kind) {
    case 'labelport':
      return createLabelportAdapter(options);
    case 'easypost':
    case 'shippo':
      return lazySdkAdapter(kind, options);
  }
}
