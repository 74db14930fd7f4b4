import dns from 'node:dns';
import net from 'node:net';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isPrivateAddress } from './webhook-transport.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const PRIVATE_TARGET_MESSAGE =
  'The URL must point to a public address, not a private, loopback or link-local one';
/** A slow resolver must not hold the request; the connect-time check still guards the delivery. */
const LOOKUP_TIMEOUT_MS = 3000;

const badUrl = (message: string) => AppError.fieldError('url', message);

/** The addresses a name resolves to now, or none when it does not resolve (yet) or too slowly. */
async function addressesOf(hostname: string): Promise<string[]> {
  const timeout = new Promise<string[]>((resolve) =>
    setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref(),
  );
  const lookup = dns.promises
    .lookup(hostname, { all: true })
    .then((found) => found.map((a) => a.address))
    .catch(() => []);
  return Promise.race([lookup, timeout]);
}

/**
 * https only; plain http to localhost where private targets are allowed (ALLOW_PRIVATE_WEBHOOK_TARGETS=1,
 * for tests and trying things out). Otherwise a target that is, or resolves to, a private address is
 * refused when saved, so the reseller hears it at once; deliveries check again at connect time (decision
 * 116), as DNS may change later. NODE_ENV plays no part: `npm start` does not set it (decision 268).
 */
export async function checkWebhookUrl(ctx: Pick<AppContext, 'config'>, value: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badUrl('Enter a full URL, like https://example.com/webhooks');
  }
  const localHttp =
    url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && !ctx.config.webhooks.blockPrivateTargets;
  if (url.protocol !== 'https:' && !localHttp) throw badUrl('The URL must start with https://');
  if (url.username || url.password) throw badUrl('The URL must not contain a user name or password');
  if (ctx.config.webhooks.blockPrivateTargets) {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = net.isIP(host) ? [host] : await addressesOf(host);
    if (addresses.some(isPrivateAddress)) throw badUrl(PRIVATE_TARGET_MESSAGE);
  }
  return url.toString();
}
