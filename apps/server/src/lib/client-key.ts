import net from 'node:net';

/**
 * The key a client address is counted under by the sign-in throttle, the code throttle and the rate
 * limits: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's network: a client
 * given a /64 could otherwise take a fresh address for every guess). IPv4-mapped IPv6 is its IPv4
 * address; anything else (no address at all) is counted as given.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, lower-case without leading zeros (zone id dropped). */
function expandIpv6(ip: string): string[] {
  const address = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const groupsOf = (part: string) => (part ? part.split(':') : []).flatMap(ipv4AsGroups);
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/** An embedded dotted IPv4 tail (`::1.2.3.4`) as its two groups. */
const ipv4AsGroups = (part: string): string[] => {
  if (!part.includes('.')) return [part];
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};
