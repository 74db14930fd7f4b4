import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPrivateAddress } from '../../lib/outbound-guard.ts';

export { isPrivateAddress };

/** Every private address refused, the name checked as it is resolved (decision 116). */
const lookup = guardedLookup({ allowPrivate: false });

export type PostResult =
  | { kind: 'response'; statusCode: number; body: string; durationMs: number }
  | { kind: 'error'; message: string; durationMs: number; isTimeout?: boolean };

export type PostOptions = {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Production: refuse private targets (decision 116). */
  blockPrivateTargets: boolean;
  maxBodyBytes?: number;
};

/** POSTs once: no redirects followed, the answer read up to `maxBodyBytes`, the whole exchange timed out. */
export function postWebhook(url: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const maxBody = options.maxBodyBytes ?? 16 * 1024;
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ kind: 'error', message: 'Invalid URL', durationMs: 0 });
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (options.blockPrivateTargets && net.isIP(literal) !== 0 && isPrivateAddress(literal))
      return resolve({ kind: 'error', message: `${literal} is a private address`, durationMs: 0 });
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'LabelPort-Webhooks/1',
        'content-length': Buffer.byteLength(options.body),
        ...options.headers,
      },
      agent: false,
      ...(options.blockPrivateTargets ? { lookup } : {}),
    });
    let isTimeout = false;
    const timer = setTimeout(() => {
      isTimeout = true;
      request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    let answered = false;
    const finish = (result: PostResult) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve(result);
    };
    request.on('error', (error) =>
      finish({ kind: 'error', message: error.message, durationMs: elapsed(), isTimeout }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          kind: 'response',
          statusCode: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          durationMs: elapsed(),
        });
      response.on('data', (chunk: Buffer) => {
        if (size >= maxBody) return;
        chunks.push(chunk.subarray(0, maxBody - size));
        size += chunk.length;
        // Enough read: the status is what counts, a huge or endless body is not our problem.
        if (size >= maxBody) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(options.body);
  });
}
