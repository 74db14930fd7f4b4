import net from 'node:net';
import { isLinkLocalAddress, isPrivateAddress, type TargetRule } from './outbound-guard.ts';

export const ORIGIN_CREDENTIALS_MESSAGE = 'Base URL must not contain a user name or password';
export const ORIGIN_QUERY_MESSAGE = 'Base URL must not contain a query (?) or fragment (#)';
export const ORIGIN_LINK_LOCAL_MESSAGE =
  'Base URL must not point to a link-local address (such as cloud metadata)';
export const ORIGIN_PRIVATE_MESSAGE =
  'Base URL must point to a public address, not a private or loopback one (ALLOW_PRIVATE_PROVIDER_TARGETS=1 allows it)';

/**
 * Why a label or payment provider's origin is refused when staff save it, or null (decision 312): no
 * user name or password, query or fragment; a host that is a link-local address never, a private or
 * loopback one (`localhost` included) only where the rule allows. A name is resolved where the
 * connection is made (`guardedFetch`, `guardedAgents`), redirects included, not here.
 */
export function providerOriginRefusal(value: string, rule: TargetRule): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Base URL must be a URL such as https://portal.example.com';
  }
  if (url.username || url.password) return ORIGIN_CREDENTIALS_MESSAGE;
  if (value.includes('?') || value.includes('#')) return ORIGIN_QUERY_MESSAGE;
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  const isLocalName = host === 'localhost' || host.endsWith('.localhost');
  if (isLinkLocalAddress(host)) return ORIGIN_LINK_LOCAL_MESSAGE;
  if (!rule.allowPrivate && (isLocalName || (net.isIP(host) !== 0 && isPrivateAddress(host))))
    return ORIGIN_PRIVATE_MESSAGE;
  return null;
}
