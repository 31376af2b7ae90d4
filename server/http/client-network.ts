/**
 * The client network of a request (issue 25: "one client, network or mailbox flooding it cannot
 * delay a different shopper"): limits that must not be dodged by moving to the next address of
 * the same network count per network: an IPv4 address's /24, an IPv6 address's /64 (RFC 4291
 * §2.5.4: one subnet, usually one household or one host; RFC 6177). An IPv4-mapped IPv6 address
 * counts as the IPv4 address it carries. Stored only as a keyed hash, never in clear (personal data).
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight sixteen-bit groups of an IPv6 address, or null when `address` is not one. */
export function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0] as string;
  // A dotted IPv4 tail holds the last two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = (tail[1] as string).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/**
 * The network of `ip` as text: `203.0.113.0/24` or `2001:db8:1:2::/64`; anything that is not an IP
 * address is returned trimmed, as its own network (so it is still counted, alone).
 */
export function clientNetwork(ip: string): string {
  const trimmed = ip.trim();
  if (isIPv4(trimmed)) return `${trimmed.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Hex HMAC-SHA256 of {@link clientNetwork}(ip) keyed with `secret` (SECRET_KEY): the stored form. */
export function clientNetworkHash(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`network:${clientNetwork(ip)}`)
    .digest('hex');
}
