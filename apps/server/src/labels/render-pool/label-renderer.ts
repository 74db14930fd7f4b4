import type * as Drawing from '../render-label.ts';
import type { LabelOutput } from '../render-label.ts';
import { generateTracking, type CarrierAccounts, type LabelTracking } from '../tracking/generate-tracking.ts';
import type { Shipment } from '../types.ts';

/** What the test-mode provider asks for: a tracking number from the serial, and the label drawn. */
export type RenderRequest = {
  shipment: Shipment;
  trackingSerial: bigint;
  accounts?: CarrierAccounts | undefined;
  isTestLabel: boolean;
  /** What to draw: a 4x6 PDF unless asked for ZPL or PNG (label downloads in other formats). */
  output?: LabelOutput | undefined;
};

/** The tracking number and the label file, in the format asked for. */
export type RenderedLabel = { tracking: LabelTracking; file: Uint8Array };

export type RendererWarmth = 'cold' | 'warming' | 'warm';

/** Turns a request into a label: here on the event loop, or in worker threads (render-pool.ts). */
export interface LabelRenderer {
  render(request: RenderRequest): Promise<RenderedLabel>;
  /**
   * Starts the renderer and draws `rounds` sample labels of every template, so the first orders after
   * a start do not wait for code loading and JIT compilation.
   */
  warmUp(rounds?: number): Promise<void>;
  /** `warm` once a warm-up finished (always, for the inline renderer); shown by /readyz. */
  warmth(): RendererWarmth;
  /** Render threads running now (0 when drawing on the event loop). */
  threads(): number;
  close(): Promise<void>;
}

/**
 * The drawing code and its PDF and font libraries, loaded on the first label: the API process draws
 * none when render threads do it, and a start need not wait for them (decision 216).
 */
let drawing: Promise<typeof Drawing> | undefined;

/** The work itself, shared by the inline renderer and the worker threads. */
export const renderRequest = async (request: RenderRequest): Promise<RenderedLabel> => {
  const { renderLabel } = await (drawing ??= import('../render-label.ts'));
  const { shipment } = request;
  const tracking = generateTracking({
    labelTypeUid: shipment.labelTypeUid,
    labelType: shipment.labelType,
    template: shipment.template,
    destinationZip: shipment.to.zip,
    serial: request.trackingSerial,
    ...(request.accounts ? { accounts: request.accounts } : {}),
  });
  const file = await renderLabel(shipment, tracking, { isTestLabel: request.isTestLabel }, request.output);
  return { tracking, file };
};

/** Renders on the calling thread: for scripts, and for LABEL_RENDER_THREADS=0. */
export const inlineRenderer: LabelRenderer = {
  render: renderRequest,
  warmUp: async () => {},
  warmth: () => 'warm',
  threads: () => 0,
  close: async () => {},
};
