import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a production server must never POST to: its own host, the private network, cloud metadata. */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** True for loopback, private, link-local and other non-public addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedTargetError extends Error {}

/**
 * Resolves the name and refuses it when any address is private; the socket then connects to the
 * address checked here, so a second lookup (DNS rebinding) cannot swap it.
 */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0)
      return callback(new BlockedTargetError(`${hostname} resolves to a private address`), '', 0);
    if (options.all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

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
      ...(options.blockPrivateTargets ? { lookup: guardedLookup } : {}),
    });
    let isTimeout = false;
    const timer = setTimeout(() => {
      isTimeout = true;
      request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
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
