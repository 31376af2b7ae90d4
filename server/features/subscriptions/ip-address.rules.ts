/**
 * IP addresses as the admin area shows them (issue 12 part 1: "IP addresses are personal data:
 * show them truncated"): the network part only, as CIDR: IPv4 to /24 ("203.0.113.0/24"), IPv6 to
 * /48 ("2001:db8:85a3::/48"); an IPv4-mapped IPv6 address ("::ffff:203.0.113.9") is treated as the
 * IPv4 address it carries. Anything that is not an IP address is withheld ("hidden").
 */
import { isIPv4 } from 'node:net';
import { ipv6Groups } from '../../http/client-network';

/** `address` cut to its /24 (IPv4) or /48 (IPv6) network; null stays null. */
export function truncateIp(address: string | null): string | null {
  if (address === null) return null;
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return `${trimmed.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(trimmed);
  if (!groups) return 'hidden';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.0/24`;
  }
  const prefix = groups.slice(0, 3).map((g) => g.toString(16));
  return `${prefix.join(':')}::/48`;
}
