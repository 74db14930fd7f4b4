import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleShipment } from '../fixtures.ts';
import { pdfText } from '../label-scan.ts';
import { generateTracking } from '../tracking/generate-tracking.ts';
import { inlineRenderer, type RenderRequest } from './label-renderer.ts';
import { createRenderPool } from './render-pool.ts';

const request = (uid: string, serial: number): RenderRequest => ({
  shipment: sampleShipment(uid, { orderId: `LBL-${serial}` }),
  trackingSerial: BigInt(serial),
  isTestLabel: true,
});

describe('label render pool', () => {
  const pool = createRenderPool({ threads: 2 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pool-'));
  afterAll(async () => {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('draws in threads the same label the event loop draws', async () => {
    expect(pool.warmth()).toBe('cold');
    const warming = pool.warmUp(1);
    expect(pool.warmth()).toBe('warming');
    await warming;
    expect(pool.warmth()).toBe('warm');
    for (const [uid, serial] of [
      ['priority', 7],
      ['ups_standard', 8],
      ['fedex_2day', 9],
    ] as const) {
      const [threaded, inline] = await Promise.all([
        pool.render(request(uid, serial)),
        inlineRenderer.render(request(uid, serial)),
      ]);
      expect(threaded.tracking).toEqual(inline.tracking);
      expect(threaded.tracking).toEqual(
        generateTracking({ labelTypeUid: uid, destinationZip: '46240-1234', serial: BigInt(serial) }),
      );
      expect(threaded.file).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(threaded.file.subarray(0, 5)).toString()).toBe('%PDF-');
      const file = path.join(dir, `${uid}.pdf`);
      fs.writeFileSync(file, threaded.file);
      const text = await pdfText(file);
      expect(text).toContain('MARGARET HOLLINGSWORTH');
      expect(text).toContain('TEST LABEL - NOT VALID FOR POSTAGE');
    }
  });

  it('answers every one of many labels asked for at once, each with its own tracking number', async () => {
    const labels = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        pool.render(request(i % 2 ? 'priority' : 'fedex_ground', 100 + i)),
      ),
    );
    expect(new Set(labels.map((l) => l.tracking.trackingNumber)).size).toBe(40);
  });

  it('rejects a label the engine cannot draw with the engine’s own message, and keeps working', async () => {
    const bad = { ...request('priority', 5), shipment: sampleShipment('no_such_type') };
    const inlineError = await inlineRenderer.render(bad).catch((e: Error) => e);
    await expect(pool.render(bad)).rejects.toThrow((inlineError as Error).message);
    expect((await pool.render(request('priority', 6))).tracking.trackingNumber).toMatch(/^\d+$/);
  });

  it('keeps the warm threads at rest, adds threads while labels queue up, and stops them when idle', async () => {
    const elastic = createRenderPool({ threads: 3, warmThreads: 1, idleMs: 200 });
    try {
      await elastic.warmUp(1);
      expect(elastic.threads()).toBe(1);
      // One label at a time stays on the warm thread.
      await elastic.render(request('priority', 300));
      expect(elastic.threads()).toBe(1);

      const queued = Array.from({ length: 12 }, (_, i) => elastic.render(request('ups_standard', 310 + i)));
      expect(elastic.threads()).toBe(3);
      const labels = await Promise.all(queued);
      expect(new Set(labels.map((l) => l.tracking.trackingNumber)).size).toBe(12);

      await expect.poll(() => elastic.threads(), { timeout: 5000, interval: 50 }).toBe(1);
      // The warm one stayed and still draws; the others start again when needed.
      const again = await Promise.all([1, 2].map((i) => elastic.render(request('fedex_2day', 330 + i))));
      expect(again.map((l) => l.tracking.trackingNumber)).toHaveLength(2);
    } finally {
      await elastic.close();
    }
    expect(elastic.threads()).toBe(0);
  });

  it('refuses a warm thread count it could not keep', () => {
    expect(() => createRenderPool({ threads: 2, warmThreads: 3 })).toThrow('1 to 2 warm threads');
    expect(() => createRenderPool({ threads: 2, warmThreads: 0 })).toThrow('1 to 2 warm threads');
  });

  it('fails the labels of a thread that dies instead of leaving them waiting', async () => {
    // A heap too small to even load the engine: the thread dies of it.
    const starved = createRenderPool({ threads: 1, maxHeapMb: 2 });
    await expect(starved.render(request('priority', 1))).rejects.toThrow('memory limit');
    await starved.close();
  });

  it('refuses work once closed, and a warm-up cut short by closing ends quietly', async () => {
    const closing = createRenderPool({ threads: 1 });
    const warming = closing.warmUp();
    await closing.close();
    await expect(warming).resolves.toBeUndefined();
    expect(closing.warmth()).toBe('cold');
    await expect(closing.render(request('priority', 1))).rejects.toThrow('The label render pool is closed');
  });
});
