import { describe, expect, it } from 'vitest';
import { clientNetwork, clientNetworkHash } from './client-network';

describe('clientNetwork (issue 25: limits per client network)', () => {
  it('cuts IPv4 to /24 and IPv6 to /64, IPv4-mapped as IPv4', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.0/24');
    expect(clientNetwork('203.0.113.200')).toBe(clientNetwork('203.0.113.1'));
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('hashes with the secret, so no address is stored in clear', () => {
    const a = clientNetworkHash('s1', '203.0.113.9');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(clientNetworkHash('s1', '203.0.113.77'));
    expect(a).not.toBe(clientNetworkHash('s2', '203.0.113.9'));
    expect(a).not.toContain('203');
  });
});
