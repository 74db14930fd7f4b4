import { labelFileFlaw } from './upstream-adapter.ts';
import { AnswerTooLargeError, readCapped } from '../../../lib/capped-body.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import { blockedTargetOf } from './shipment-api.ts';

/** A host a provider serves its label files from: an exact name, or a pattern for its buckets. */
export type LabelHost = string | RegExp;

export type FetchLabelFileOptions = {
  /** Per-download time limit in ms (default 30 s). */
  timeoutMs?: number;
  /** The largest label file taken (default 5 MiB: a 4x6 PDF is tens of kilobytes). */
  maxBytes?: number;
  /** What the file must be (default a PDF): a ZPL or PNG asked for in another format. */
  format?: 'pdf' | 'zpl' | 'png';
  /** The adapter's guarded fetch (its provider's address rule); absent, private addresses are refused. */
  fetch?: typeof fetch;
};

/** Without an adapter's own, every private and link-local address is refused (decision 312). */
const strictFetch = guardedFetch({ allowPrivate: false });

const ACCEPT = { pdf: 'application/pdf', zpl: 'application/zpl, text/plain', png: 'image/png' } as const;

/** A label file could not be taken: a host not the provider's, too big, not a PDF, or not served now. */
export class LabelFileError extends UpstreamUnknownOutcomeError {}

const MAX_REDIRECTS = 3;
const isAllowed = (url: URL, allowedHosts: readonly LabelHost[]): boolean =>
  (url.protocol === 'https:' || url.protocol === 'http:') &&
  url.username === '' &&
  url.password === '' &&
  allowedHosts.some((host) => (typeof host === 'string' ? host === url.host : host.test(url.host)));

/**
 * Downloads a bought label's PDF from the provider's own hosts only: a label URL in an answer is data
 * from outside, and following it anywhere would let a forged answer make us fetch internal addresses.
 * Redirects are followed only to allowed hosts; the body is capped at `maxBytes` and must be a PDF.
 * The label was bought whatever happens here, so a failure is an unknown outcome: the purchase is looked
 * up again later, never bought anew.
 */
export async function fetchLabelFile(
  url: string,
  allowedHosts: readonly LabelHost[],
  options: FetchLabelFileOptions = {},
): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const format = options.format ?? 'pdf';
  const send = options.fetch ?? strictFetch;
  const signal = AbortSignal.timeout(timeoutMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new LabelFileError('The label address is not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (!isAllowed(target, allowedHosts))
      throw new LabelFileError(`The label is served from ${target.host}, not one of the provider's hosts`);
    let response: Response;
    try {
      response = await send(target, { signal, redirect: 'manual', headers: { accept: ACCEPT[format] } });
    } catch (error) {
      const what =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : blockedTargetOf(error)
            ? `was refused: ${blockedTargetOf(error)!.message}`
            : 'failed';
      throw new LabelFileError(`The label download ${what}`, { cause: error });
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new LabelFileError('The label download redirected too often');
      target = new URL(location, target);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LabelFileError(`The label download answered ${response.status}`);
    }
    const file = await readLabel(response, maxBytes);
    if (format !== 'pdf') {
      const flaw = labelFileFlaw(format, file);
      if (flaw) throw new LabelFileError(`The label file is refused: ${flaw}`);
      return file;
    }
    if (new TextDecoder().decode(file.subarray(0, 5)) !== '%PDF-')
      throw new LabelFileError('The label file is not a PDF');
    return file;
  }
}

/** The file through the one capped reader (decision 313), its failures as the label download's. */
async function readLabel(response: Response, maxBytes: number): Promise<Uint8Array> {
  try {
    return await readCapped(response, maxBytes);
  } catch (error) {
    if (error instanceof AnswerTooLargeError)
      throw new LabelFileError(`The label file is larger than ${maxBytes} bytes`, { cause: error });
    throw new LabelFileError('The label download was cut off', { cause: error });
  }
}
