import { pbkdf2 } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { amazonFormFields, garbagePdf, truncatedPdf } from '../../../test/fixtures/packing-slips.ts';
import { compressionBombPdf, manyPagesPdf, manyShipToLinesPdf } from '../../../test/fixtures/hostile-pdfs.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';

const fromFields = amazonFormFields;
const MB = 1024 * 1024;

// A real full collection (vitest does not pass --expose-gc), so retained memory is told from garbage.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The process's Node threads (not the runtime threads of a native library pdfjs loads, which live as long
 * as the process, as libuv's pool does), and the JavaScript heap plus buffers held after a full collection.
 */
function restingUse() {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  // A thread listed a moment ago may have ended before its name is read: it is no longer running.
  const nameOf = (id: string) => {
    try {
      return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const threads = readdirSync('/proc/self/task').filter((id) => nameOf(id) === 'node').length;
  return { heldBytes: heapUsed + external, threads };
}

/** Hostile packing-slip files: none may hold the event loop or keep the server's memory. */
describe('hostile PDFs on POST /api/v1/amazon/generate-csv', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let resting: ReturnType<typeof restingUse> | undefined;
  beforeAll(async () => {
    // On PostgreSQL: the embedded database's WebAssembly memory lives in this process and grows and shrinks
    // by several MB as it works, which would hide or fake what an upload holds.
    app = await createTestApp({ engine: 'postgres' });
    headers = (await signUp(app)).headers;
    // libuv starts its four pool threads on first need and keeps them; start them all now so they count as rest.
    await Promise.all(Array.from({ length: 8 }, () => promisify(pbkdf2)('warm', 'up', 20_000, 32, 'sha256')));
    // The ZIP table the address check reads loads on the first check (decision 359): read it now so it counts as rest.
    usZipDirectory();
  });
  afterAll(async () => app.close());
  beforeEach(() => {
    resting = undefined;
  });

  /** Uploads the file while timing /healthz every 50 ms; returns the answer and the slowest health check. */
  const uploadWhileProbing = async (pdf: Uint8Array) => {
    // Resting level: once the test has made its file, before the server sees it.
    resting ??= restingUse();
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
   * Nothing of a file stays behind once it is answered: the reader thread has exited (the process is back
   * to its resting number of Node threads) and the server holds no more JavaScript or buffer memory than at
   * rest (measured after a full collection). RSS is not the measure: glibc keeps each exited thread's
   * malloc arena for the next thread, so RSS after a few files sits 10 to 120 MB above rest depending
   * on scheduling, without anything being held. The thread exits after the answer is sent, so the check
   * waits for it (up to 10 s).
   */
  const expectMemoryBackToRest = async () => {
    const deadline = Date.now() + 10_000;
    let now = restingUse();
    while (Date.now() < deadline) {
      now = restingUse();
      if (now.threads <= resting!.threads && now.heldBytes - resting!.heldBytes < 4 * MB) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(now.threads).toBeLessThanOrEqual(resting!.threads);
    expect(now.heldBytes - resting!.heldBytes).toBeLessThan(4 * MB);
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
