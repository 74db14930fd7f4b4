/**
 * One measurement in its own process, so each gets a clean heap and its own peak RSS:
 *   engine|bare <count> <usps|mix>    render labels in a loop
 *   memory <count>                    render labels streaming into a merged PDF, then zip them
 * Prints one JSON line.
 */
import { Writable } from 'node:stream';
import { writeMergedPdf } from '../../apps/server/src/labels/files/merge-pdfs.ts';
import { createTestModeProvider, writePdfZip, type Shipment } from '../../apps/server/src/labels/index.ts';
import { sampleShipment } from '../../apps/server/src/labels/fixtures.ts';
import { renderBareLabel } from './bare-label.ts';

const MIX = ['priority', 'ups_standard', 'fedex_2day'] as const;
const provider = createTestModeProvider();

const shipmentFor = (i: number, kinds: readonly string[]): Shipment =>
  sampleShipment(kinds[i % kinds.length] as string, { orderId: `LBL-${i}`, template: 'evs' });

const engineLabel = async (i: number, kinds: readonly string[]): Promise<Uint8Array> =>
  (await provider.purchase(shipmentFor(i, kinds), { idempotencyKey: `k${i}`, trackingSerial: BigInt(i) }))
    .pdf;

const countingSink = (): Writable & { bytes: number } => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
};

const [mode = 'engine', countArg = '200', mixArg = 'mix'] = process.argv.slice(2);
const count = Number(countArg);
const kinds = mixArg === 'usps' ? ['priority'] : MIX;

if (mode === 'engine' || mode === 'bare') {
  const render =
    mode === 'engine'
      ? engineLabel
      : (i: number) =>
          renderBareLabel(i % 3 === 0 || mixArg === 'usps' ? 'usps' : i % 3 === 1 ? 'ups' : 'fedex', i);
  for (let i = 0; i < 30; i++) await render(i, kinds); // warm up the JIT and the font/encoder caches
  const started = performance.now();
  for (let i = 0; i < count; i++) await render(i + 1000, kinds);
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, perSecond: (count * 1000) / ms })}\n`);
} else if (mode === 'throughput') {
  // Merge and zip throughput over a pool of pre-rendered labels (rendering excluded).
  const pool: Uint8Array[] = [];
  for (let i = 0; i < 150; i++) pool.push(await engineLabel(i, MIX));
  async function* cycle(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < count; i++) yield pool[i % pool.length] as Uint8Array;
  }
  let started = performance.now();
  const merged = await writeMergedPdf(cycle(), countingSink());
  const mergeMs = performance.now() - started;
  started = performance.now();
  const zipped = await writePdfZip(
    (async function* () {
      for await (const bytes of cycle()) yield { name: `label-${Math.random()}.pdf`, bytes };
    })(),
    countingSink(),
  );
  const zipMs = performance.now() - started;
  process.stdout.write(
    `${JSON.stringify({ mergePerSecond: (merged.pages * 1000) / mergeMs, mergeMBps: merged.bytes / 1e3 / mergeMs, zipPerSecond: (zipped.entries * 1000) / zipMs, zipMBps: zipped.bytes / 1e3 / zipMs })}\n`,
  );
} else if (mode === 'memory') {
  // The bulk-order pipeline: each label is rendered once, then streamed into both the merged PDF and the zip.
  const baseline = process.memoryUsage().rss;
  const toZip = channel<{ name: string; bytes: Uint8Array }>();
  const zipping = writePdfZip(toZip.iterable, countingSink());
  async function* labels(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < count; i++) {
      const bytes = await engineLabel(i, MIX);
      await toZip.push({ name: `label-${i}.pdf`, bytes });
      yield bytes;
    }
    toZip.close();
  }
  const started = performance.now();
  const merged = await writeMergedPdf(labels(), countingSink());
  const zipped = await zipping;
  const peakRssMb = (process.resourceUsage().maxRSS * 1024) / 1e6;
  process.stdout.write(
    `${JSON.stringify({ peakRssMb, baselineRssMb: baseline / 1e6, mergedMb: merged.bytes / 1e6, zipMb: zipped.bytes / 1e6, seconds: (performance.now() - started) / 1000 })}\n`,
  );
}

/** A one-slot hand-over between a producer and an async-iterating consumer. */
function channel<T>(): { push(value: T): Promise<void>; close(): void; iterable: AsyncIterable<T> } {
  let waiting: ((r: IteratorResult<T>) => void) | undefined;
  let pending: { value: T; taken: () => void } | undefined;
  let isClosed = false;
  return {
    push: (value) =>
      new Promise<void>((taken) => {
        if (waiting) {
          const resolve = waiting;
          waiting = undefined;
          resolve({ value, done: false });
          taken();
        } else pending = { value, taken };
      }),
    close() {
      isClosed = true;
      waiting?.({ value: undefined, done: true });
    },
    iterable: {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          new Promise<IteratorResult<T>>((resolve) => {
            if (pending) {
              const { value, taken } = pending;
              pending = undefined;
              taken();
              resolve({ value, done: false });
            } else if (isClosed) resolve({ value: undefined, done: true });
            else waiting = resolve;
          }),
      }),
    },
  };
}
