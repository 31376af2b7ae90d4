import { describe, expect, it } from 'vitest';
import { tokenForAddress } from './visitor-token';

describe('tokenForAddress (issue 25)', () => {
  it('sends the held token only for the address it was issued for', () => {
    const held = { email: 'Jo@Example.com', token: 'tok' };
    expect(tokenForAddress(held, ' jo@example.COM ')).toBe('tok');
    expect(tokenForAddress(held, 'someone@example.com')).toBeUndefined();
    expect(tokenForAddress({ email: 'jo@example.com', token: null }, 'jo@example.com')).toBeUndefined();
    expect(tokenForAddress({ email: null, token: 'tok' }, 'jo@example.com')).toBeUndefined();
  });
});
