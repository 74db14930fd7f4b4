import type { UpstreamKind } from '@portal/shared';
import { createEasyPostAdapter } from './easypost-adapter.ts';
import { createLabelportAdapter } from './labelport-adapter.ts';
import { createShippoAdapter } from './shippo-adapter.ts';
import type { UpstreamAdapter, UpstreamAdapterOptions } from './upstream-adapter.ts';

/** The adapter of one kind of upstream, from the credentials staff gave. */
export function createUpstreamAdapter(kind: UpstreamKind, options: UpstreamAdapterOptions): UpstreamAdapter {
  switch (kind) {
    case 'labelport':
      return createLabelportAdapter(options);
    case 'easypost':
      return createEasyPostAdapter(options);
    case 'shippo':
      return createShippoAdapter(options);
  }
}
