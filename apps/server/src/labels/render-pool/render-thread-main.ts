import type { MessagePort } from 'node:worker_threads';
import { sampleShipment } from '../fixtures.ts';
import { renderRequest, type RenderedLabel, type RenderRequest } from './label-renderer.ts';

export type RenderMessage = { id: number; request: RenderRequest } | { id: number; warmUp: number };

/** One label of each kind of template, drawn `rounds` times so the JIT has compiled them all. */
const WARM_UP_KINDS = ['priority', 'ground_oz', 'ups_standard', 'fedex_2day', 'fedex_ground'] as const;

async function warmUp(rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i += 1)
    for (const uid of WARM_UP_KINDS)
      await renderRequest({
        shipment: sampleShipment(uid),
        trackingSerial: BigInt(i + 1),
        isTestLabel: true,
      });
}
export type RenderReply =
  | { id: number; ok: true; warmedUp: true }
  | ({ id: number; ok: true } & RenderedLabel)
  | { id: number; ok: false; message: string; name: string };

/** Answers each request with the label (its bytes moved, not copied) or the error's name and message. */
export function serveRenderRequests(port: MessagePort): void {
  port.on('message', (message: RenderMessage) => {
    const { id } = message;
    if ('warmUp' in message) {
      void warmUp(message.warmUp).then(
        () => port.postMessage({ id, ok: true, warmedUp: true } satisfies RenderReply),
        (error: unknown) => port.postMessage({ id, ok: false, name: 'Error', message: String(error) }),
      );
      return;
    }
    renderRequest(message.request).then(
      ({ tracking, file }) => {
        const reply: RenderReply = { id, ok: true, tracking, file };
        port.postMessage(reply, [file.buffer as ArrayBuffer]);
      },
      (error: unknown) => {
        const reply: RenderReply = {
          id,
          ok: false,
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(reply);
      },
    );
  });
}
