/**
 * How much of an upstream's answer is read (decision 313), whichever upstream (label or payment
 * provider) and whatever it sends: past the limit the read fails, however the body is taken (`json()`,
 * `text()`, `arrayBuffer()`, an SDK's own parser), and nothing more is buffered.
 * - `json`: 1 MiB. The largest answer we read is an order or track view with its event history, tens
 *   of kilobytes; a megabyte is far beyond any real one and still cheap to hold.
 * - `error`: 64 KiB. Of an error we keep its message; a provider's error page is a few kilobytes.
 * - `labelFile`: 5 MiB. A 4x6 PDF is tens of kilobytes, a 300 dpi PNG a few hundred.
 */
export const ANSWER_LIMITS = { json: 1024 * 1024, error: 64 * 1024, labelFile: 5 * 1024 * 1024 } as const;

/** An upstream's answer was larger than what is read of it. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  readonly code = 'ERR_ANSWER_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
  }
}

/** The same answer, its body cut off with `AnswerTooLargeError` past `maxBytes` (or a larger declared length). */
export function cappedResponse(response: Response, maxBytes: number): Response {
  if (!response.body) return response;
  const declared = Number(response.headers.get('content-length'));
  let size = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        if (declared > maxBytes) controller.error(new AnswerTooLargeError(maxBytes));
      },
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new AnswerTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The whole body, at most `maxBytes` of it: the one reader of upstream answers. */
export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await cappedResponse(response, maxBytes).arrayBuffer());
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof AnswerTooLargeError ? cause : error;
  }
}

export const readCappedText = async (response: Response, maxBytes: number): Promise<string> =>
  new TextDecoder().decode(await readCapped(response, maxBytes));

/** The body as JSON; throws `AnswerTooLargeError` when too large, `SyntaxError` when not JSON. */
export const readCappedJson = async <T>(response: Response, maxBytes: number): Promise<T> =>
  JSON.parse(await readCappedText(response, maxBytes)) as T;
