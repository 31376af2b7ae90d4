import { describe, expect, it } from 'vitest';
import { truncateIp } from './ip-address.rules';

describe('truncateIp (issue 12: IPs shown truncated)', () => {
  it('cuts IPv4 to /24 and IPv6 to /48', () => {
    expect(truncateIp('203.0.113.79')).toBe('203.0.113.0/24');
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncateIp('::1')).toBe('0:0:0::/48');
  });

  it('treats an IPv4-mapped IPv6 address as IPv4, and withholds what is not an address', () => {
    expect(truncateIp('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
    expect(truncateIp('not an ip')).toBe('hidden');
    expect(truncateIp(null)).toBeNull();
  });
});
