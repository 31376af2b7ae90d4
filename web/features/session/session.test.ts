/**
 * Session rules (shopper-screens §4 "Session", "New-user flag"; DESIGN.md §4 "Visitors"), run in
 * node over a small in-memory Storage: what a visitor's browser ends up holding and showing.
 */
import { describe, it, expect } from 'vitest';
import {
  applyUrlToSession,
  readEmail,
  readNewUser,
  readSession,
  readVisitorToken,
  rememberEmail,
  rememberVisitor,
  signOut,
  STORAGE_KEYS,
  type KeyValueStorage,
} from './session.rules';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const home = (search: string) => ({ pathname: '/', search });

describe('e-mail from the URL and storage', () => {
  it('stores ?email= and reads it back as the signed-in visitor', () => {
    const storage = new MemoryStorage();
    applyUrlToSession(storage, home('?email=ann%40example.co.uk'), NOW);
    expect(storage.getItem('userEmail')).toBe('ann@example.co.uk');
    expect(readSession(storage, NOW)).toEqual({ email: 'ann@example.co.uk', token: null, newUser: false });
  });

  it('a URL e-mail replaces the stored one', () => {
    const storage = new MemoryStorage();
    storage.setItem('userEmail', 'old@example.com');
    applyUrlToSession(storage, home('?email=new@example.com'), NOW);
    expect(readEmail(storage)).toBe('new@example.com');
  });

  it('falls back to the stored e-mail when the URL has none', () => {
    const storage = new MemoryStorage();
    storage.setItem('userEmail', 'kept@example.com');
    applyUrlToSession(storage, home('?q=kettle'), NOW);
    expect(readEmail(storage)).toBe('kept@example.com');
  });

  it('removes a stored value without @ and treats the visitor as signed out', () => {
    const storage = new MemoryStorage();
    storage.setItem('userEmail', 'not-an-address');
    expect(readSession(storage, NOW).email).toBeNull();
    expect(storage.getItem('userEmail')).toBeNull();
  });

  it('does not sign in from the e-mail of an unsubscribe or confirmation link', () => {
    const storage = new MemoryStorage();
    applyUrlToSession(storage, { pathname: '/unsubscribe', search: '?email=u@example.com&sig=abc' }, NOW);
    applyUrlToSession(storage, { pathname: '/confirm-email/', search: '?email=u@example.com&sig=abc' }, NOW);
    expect(readEmail(storage)).toBeNull();
  });
});

describe('visitor token', () => {
  it('is returned only for the address it was issued to (case-insensitive)', () => {
    const storage = new MemoryStorage();
    rememberVisitor(storage, 'Ann@Example.com', 'tok-1');
    expect(readSession(storage, NOW)).toMatchObject({ email: 'Ann@Example.com', token: 'tok-1' });
    expect(readVisitorToken(storage, 'ann@example.com')).toBe('tok-1');
    expect(readVisitorToken(storage, 'bob@example.com')).toBeNull();
  });

  it('a new address typed into a form signs in without the old token', () => {
    const storage = new MemoryStorage();
    rememberVisitor(storage, 'ann@example.com', 'tok-ann');
    rememberEmail(storage, 'bob@example.com');
    expect(readSession(storage, NOW)).toMatchObject({ email: 'bob@example.com', token: null });
  });

  it('a new alert for another address replaces the e-mail and the token', () => {
    const storage = new MemoryStorage();
    rememberVisitor(storage, 'ann@example.com', 'tok-ann');
    rememberVisitor(storage, 'bob@example.com', 'tok-bob');
    expect(readSession(storage, NOW)).toMatchObject({ email: 'bob@example.com', token: 'tok-bob' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.visitorToken) ?? '')).toEqual({ email: 'bob@example.com', token: 'tok-bob' });
  });

  it('drops an unreadable stored token', () => {
    const storage = new MemoryStorage();
    storage.setItem('userEmail', 'ann@example.com');
    storage.setItem('visitorToken', '{not json');
    expect(readSession(storage, NOW).token).toBeNull();
    expect(storage.getItem('visitorToken')).toBeNull();
  });

  it('refuses to remember an address without @ or an empty token', () => {
    const storage = new MemoryStorage();
    expect(() => rememberVisitor(storage, 'nobody', 'tok')).toThrow(RangeError);
    expect(() => rememberVisitor(storage, 'a@b.com', '')).toThrow(RangeError);
    expect(storage.items.size).toBe(0);
  });
});

describe('sign out', () => {
  it('forgets the e-mail, the token and the click-tracking e-mail, but keeps the new-user flag', () => {
    const storage = new MemoryStorage();
    rememberVisitor(storage, 'ann@example.com', 'tok');
    storage.setItem('clickTrackingEmail', 'ann@example.com');
    storage.setItem('isNewUser', 'true');
    signOut(storage);
    expect(readSession(storage, NOW)).toEqual({ email: null, token: null, newUser: true });
    expect([...storage.items.keys()].sort()).toEqual(['isNewUser']);
  });
});

describe('new-user flag (24-hour window)', () => {
  it('persists ?newuser=true and starts the window on that visit', () => {
    const storage = new MemoryStorage();
    applyUrlToSession(storage, home('?newuser=true'), NOW);
    expect(storage.getItem('isNewUser')).toBe('true');
    expect(storage.getItem('newUserSignupTime')).toBe(String(NOW));
    expect(readNewUser(storage, NOW + 23 * HOUR)).toBe(true);
    expect(readNewUser(storage, NOW + 24 * HOUR)).toBe(false);
  });

  it('keeps an existing signup time instead of restarting the window', () => {
    const storage = new MemoryStorage();
    storage.setItem('newUserSignupTime', String(NOW - 30 * HOUR));
    applyUrlToSession(storage, home('?newuser=true'), NOW);
    expect(readNewUser(storage, NOW)).toBe(false);
  });

  it('reads userSignupTime when newUserSignupTime is absent', () => {
    const storage = new MemoryStorage();
    storage.setItem('isNewUser', 'true');
    storage.setItem('userSignupTime', String(NOW - 2 * HOUR));
    expect(readNewUser(storage, NOW)).toBe(true);
    storage.setItem('userSignupTime', String(NOW - 25 * HOUR));
    expect(readNewUser(storage, NOW)).toBe(false);
  });

  it('holds without any stored time, and never without the flag', () => {
    const storage = new MemoryStorage();
    storage.setItem('isNewUser', 'true');
    expect(readNewUser(storage, NOW)).toBe(true);
    storage.setItem('isNewUser', 'false');
    expect(readNewUser(storage, NOW)).toBe(false);
    applyUrlToSession(storage, home('?newuser=false'), NOW);
    expect(readNewUser(storage, NOW)).toBe(false);
  });
});
