import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { garbagePdf, truncatedPdf } from '../../../test/fixtures/packing-slips.ts';
import { compressionBombPdf, manyPagesPdf, manyShipToLinesPdf } from '../../../test/fixtures/hostile-pdfs.ts';

const fromFields = {
  fromName: 'Jordan Avery',
  fromStreet1: '1200 Barton Springs Rd',
  fromCity: 'Austin',
  fromState: 'TX',
  fromZip: '78704',
  weight: '1.5',
};
const MB = 1024 * 1024;

/** Hostile packing-slip files: none may hold the event loop or keep the server's memory. */
describe('hostile PDFs on POST /api/v1/amazon/generate-csv', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let restingRss: number | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    headers = (await signUp(app)).headers;
  });
  afterAll(async () => app.close());

  /** Uploads the file while timing /healthz every 50 ms; returns the answer and the slowest health check. */
  const uploadWhileProbing = async (pdf: Uint8Array) => {
    // Resting level: once the test has made its file, before the server sees it.
    globalThis.gc?.();
    restingRss ??= process.memoryUsage.rss();
    const body = await multipartPayload({
      ...fromFields,
      pdf: { data: pdf, filename: 'slips.pdf', contentType: 'application/pdf' },
    });
    let isDone = false;
    let slowestMs = 0;
    const probing = (async () => {
      while (!isDone) {
        const started = performance.now();
        await app.inject({ method: 'GET', url: '/healthz' });
        slowestMs = Math.max(slowestMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/amazon/generate-csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    isDone = true;
    await probing;
    return { res, slowestMs };
  };

  /**
   * RSS returns within 100 MB of rest. A reader thread's memory leaves the process only once the thread
   * has exited, which happens after the answer is sent, so the check waits for it (up to 10 s) rather
   * than sampling once: one sample raced the thread's exit and read anything from +20 to +360 MB.
   */
  const expectMemoryBackToRest = async () => {
    const deadline = Date.now() + 10_000;
    let aboveRest = Infinity;
    while (Date.now() < deadline) {
      globalThis.gc?.();
      aboveRest = process.memoryUsage.rss() - restingRss!;
      if (aboveRest < 100 * MB) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(aboveRest).toBeLessThan(100 * MB);
    restingRss = undefined;
  };

  it('refuses 40,000 "Ship To" lines on one page with a 422, /healthz answering meanwhile', async () => {
    const { res, slowestMs } = await uploadWhileProbing(manyShipToLinesPdf(40_000));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'This PDF holds more than 5000 address labels. Split the packing slips into smaller files.',
    );
    expect(slowestMs).toBeLessThan(200);
    await expectMemoryBackToRest();
  });

  it('refuses a compression bomb before inflating it, memory back to rest', async () => {
    const { res, slowestMs } = await uploadWhileProbing(await compressionBombPdf(400 * MB));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^This PDF unpacks to more than 128 MB/);
    expect(slowestMs).toBeLessThan(200);
    await expectMemoryBackToRest();
  });

  it('refuses 1,000 pages, a truncated file and a non-PDF with clear 4xx answers', async () => {
    const cases: Array<[Uint8Array, number, RegExp]> = [
      [await manyPagesPdf(1000), 422, /has 1000 pages; the limit is 500/],
      [await truncatedPdf(), 422, /damaged or incomplete|No Amazon/],
      [new TextEncoder().encode('PK\u0003\u0004 not a PDF at all'), 400, /not a PDF/],
      [garbagePdf(), 422, /damaged or incomplete/],
    ];
    for (const [pdf, status, message] of cases) {
      const { res, slowestMs } = await uploadWhileProbing(pdf);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(slowestMs).toBeLessThan(200);
    }
    await expectMemoryBackToRest();
  });
});
