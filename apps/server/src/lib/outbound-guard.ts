import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import { ANSWER_LIMITS, cappedResponse } from './capped-body.ts';

/**
 * Where the server may connect when a URL it did not write tells it where to go (decisions 116, 312):
 * a reseller's webhook, a provider's origin or label file. The name is resolved once and checked, and
 * the socket connects to the address checked, so a second lookup (DNS rebinding) cannot swap it.
 */

/** Addresses a production server must never reach unasked: its own host, the private network, metadata. */
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

/** Link-local addresses, where clouds serve their instance metadata (and its credentials). */
const linkLocal = new net.BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');
// AWS serves its metadata on IPv6 at a unique-local address of its own.
linkLocal.addAddress('fd00:ec2::254', 'ipv6');

const check = (list: net.BlockList, address: string, otherwise: boolean): boolean => {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return list.check(mapped[1]!, 'ipv4');
  const family = net.isIP(bare);
  if (family === 0) return otherwise;
  return list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
};

/** True for loopback, private, link-local and other non-public addresses (IPv4-mapped IPv6 included). */
export const isPrivateAddress = (address: string): boolean => check(blocked, address, true);

/** True for link-local addresses (cloud metadata), refused whatever the settings say. */
export const isLinkLocalAddress = (address: string): boolean => check(linkLocal, address, false);

/**
 * Which addresses a kind of target may not reach: link-local never; private and loopback ones unless
 * `allowPrivate` (tests, a provider on the same private network: an explicit setting).
 */
export type TargetRule = { allowPrivate: boolean };

export const isRefusedAddress = (address: string, rule: TargetRule): boolean =>
  isLinkLocalAddress(address) || (!rule.allowPrivate && isPrivateAddress(address));

/** The connection was not made: the target is, or resolves to, an address the rule refuses. */
export class BlockedTargetError extends Error {
  override readonly name = 'BlockedTargetError';
  readonly code = 'ERR_BLOCKED_TARGET';
}

/** A `lookup` for sockets that refuses a name resolving to any refused address. */
export function guardedLookup(rule: TargetRule): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => isRefusedAddress(a.address, rule));
      if (bad || addresses.length === 0) {
        const what = bad && isLinkLocalAddress(bad.address) ? 'a link-local' : 'a private';
        return callback(new BlockedTargetError(`${hostname} resolves to ${what} address`), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The host of a URL or socket when it is an address itself (no lookup runs for it), else null. */
const literalOf = (host: string | null | undefined): string | null => {
  const bare = String(host ?? '').replace(/^\[(.*)\]$/, '$1');
  return net.isIP(bare) ? bare : null;
};

/** Refuses a URL whose host is a refused address; a name is checked when it is resolved. */
export function checkTarget(url: URL, rule: TargetRule): void {
  const literal = literalOf(url.hostname);
  if (literal && isRefusedAddress(literal, rule))
    throw new BlockedTargetError(`${literal} is not an address this server connects to`);
}

type Connect = (options: net.NetConnectOpts & { host?: string | null }, callback: () => void) => net.Socket;

/**
 * http and https agents for SDKs that take one (EasyPost's superagent): every socket they open, after a
 * redirect too, is checked, an address literal before it is used, a name as it is resolved.
 */
export function guardedAgents(rule: TargetRule): { http: http.Agent; https: https.Agent } {
  const lookup = guardedLookup(rule);
  const guard = <A extends http.Agent>(agent: A): A => {
    const connect = (agent as unknown as { createConnection: Connect }).createConnection.bind(agent);
    (agent as unknown as { createConnection: Connect }).createConnection = (options, callback) => {
      const literal = literalOf(options.host);
      if (literal && isRefusedAddress(literal, rule)) {
        const socket = new net.Socket();
        process.nextTick(() =>
          socket.destroy(new BlockedTargetError(`${literal} is not an address this server connects to`)),
        );
        return socket;
      }
      return connect({ ...options, lookup }, callback);
    };
    return agent;
  };
  return {
    http: guard(new http.Agent({ keepAlive: true })),
    https: guard(new https.Agent({ keepAlive: true })),
  };
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const MAX_REDIRECTS = 5;

/**
 * `fetch` through the guarded agents, for code and SDKs that speak fetch (an upstream LabelPort, Shippo's
 * client, label file downloads). Redirects are followed as fetch does ('follow', checked hop by hop),
 * handed back ('manual') or refused ('error'); failures look like fetch's own (`TypeError` with the
 * socket's error as its cause, the signal's reason on abort). No body is read past `maxBodyBytes`
 * (default: the largest answer taken from any upstream, decision 313).
 */
export function guardedFetch(
  rule: TargetRule,
  { maxBodyBytes = ANSWER_LIMITS.labelFile }: { maxBodyBytes?: number } = {},
): typeof fetch {
  const agents = guardedAgents(rule);
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    let url = new URL(request ? request.url : String(input instanceof URL ? input.href : input));
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers ?? request?.headers);
    let body: Buffer | null = null;
    const given = init.body !== undefined ? init.body : request?.body ? await request.arrayBuffer() : null;
    if (given !== null && given !== undefined)
      body = Buffer.from(
        await new Response(given as ConstructorParameters<typeof Response>[0]).arrayBuffer(),
      );
    const signal = init.signal ?? request?.signal ?? undefined;
    const redirect = init.redirect ?? request?.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      signal?.throwIfAborted();
      const response = await send(url, method, headers, body, signal ?? undefined);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location || redirect === 'manual')
        return response;
      await response.body?.cancel();
      if (redirect === 'error' || hop >= MAX_REDIRECTS)
        throw new TypeError('fetch failed', { cause: new Error(`redirected to ${location}`) });
      url = new URL(location, url);
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = null;
        headers.delete('content-type');
      }
    }
  };

  function send(url: URL, method: string, headers: Headers, body: Buffer | null, signal?: AbortSignal) {
    return new Promise<Response>((resolve, reject) => {
      const isHttps = url.protocol === 'https:';
      if (!isHttps && url.protocol !== 'http:')
        return reject(new TypeError('fetch failed', { cause: new Error(`${url.protocol} is not http`) }));
      const outgoing: Record<string, string> = Object.fromEntries(headers);
      if (body) outgoing['content-length'] = String(body.length);
      const req = (isHttps ? https : http).request(url, {
        method,
        headers: outgoing,
        agent: isHttps ? agents.https : agents.http,
        ...(signal ? { signal } : {}),
      });
      const fail = (error: Error) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
      req.on('error', fail);
      req.on('response', (res) => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
            answer.append(name, v);
        const status = res.statusCode ?? 0;
        const stream = NULL_BODY.has(status) || method === 'HEAD' ? null : res;
        if (!stream) res.resume();
        resolve(
          cappedResponse(
            new Response(stream ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>) : null, {
              status,
              statusText: res.statusMessage ?? '',
              headers: answer,
            }),
            maxBodyBytes,
          ),
        );
      });
      req.end(body ?? undefined);
    });
  }
}
