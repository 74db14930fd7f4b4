import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work between two turns of the event loop: long enough to cost little, short enough that requests hardly wait. */
export const SLICE_MS = 10;

/**
 * Re-yields `source`, giving the event loop a turn (other requests, /healthz, socket writes) whenever the
 * work since the last turn, producing items and consuming them, has taken `sliceMs`. The embedded database
 * (PGlite) answers queries without ever leaving the event loop, so a loop over thousands of queries and PDF
 * parses would otherwise hold it until the end (decision 160).
 */
export async function* inSlices<T>(
  source: AsyncIterable<T> | Iterable<T>,
  sliceMs = SLICE_MS,
): AsyncGenerator<T> {
  let since = performance.now();
  for await (const item of source) {
    if (performance.now() - since >= sliceMs) {
      await nextTurn();
      since = performance.now();
    }
    yield item;
  }
}
