/**
 * The visitor session as plain functions over a Storage (shopper-screens §3 "Browser storage",
 * §4 "Session" and "New-user flag"; DESIGN.md §4 "Visitors").
 *
 * - The e-mail comes from the URL query `email` (saved to storage), else from storage. A stored
 *   value without '@' is removed: the visitor is signed out.
 * - Our addition: `visitorToken` holds `{"email","token"}` JSON: the token proving this browser may
 *   read that address's alerts. A token for another address is ignored.
 * - New-user flag: URL `newuser=true` is persisted; it holds while the signup time is under 24 hours
 *   old, or when no time is stored. It picks the affiliate tag.
 *
 * Everything takes the storage and the time as arguments, so tests run in node with a stand-in.
 */
import { isNewUserActive } from '../../../common/affiliate';
import { paths } from '../../../common/paths';

/** The part of the Web Storage API we use (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage keys: the spec's five, plus our `visitorToken`. */
export const STORAGE_KEYS = {
  userEmail: 'userEmail',
  isNewUser: 'isNewUser',
  newUserSignupTime: 'newUserSignupTime',
  userSignupTime: 'userSignupTime',
  clickTrackingEmail: 'clickTrackingEmail',
  visitorToken: 'visitorToken',
} as const;

export interface SessionSnapshot {
  /** The stored e-mail (contains '@'), or null when signed out. */
  email: string | null;
  /** The visitor token for `email`, or null when none is held for that address. */
  token: string | null;
  /** Whether the new-user affiliate tag applies now. */
  newUser: boolean;
}

/** True for a value we accept as an e-mail in the browser: trimmed and containing '@' (spec §4). */
export function looksLikeEmail(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().includes('@');
}

/**
 * Pages whose `?email=` is an argument of the page, not a sign-in: an unsubscribe link must not sign
 * the reader in, and a confirmation link signs in only once the server accepts it.
 */
export const PATHS_WITH_OWN_EMAIL_PARAM: readonly string[] = [paths.unsubscribe(), paths.confirmEmail()];

/**
 * Applies the URL (`?email=…&newuser=true`) to storage (spec §4). A URL e-mail replaces the stored
 * one, except on {@link PATHS_WITH_OWN_EMAIL_PARAM}. `newuser=true` sets `isNewUser`; when no
 * signup time is stored it also records `newUserSignupTime` = `nowMs`, so the 24-hour window
 * starts on that first visit (without it the flag would never expire).
 */
export function applyUrlToSession(storage: KeyValueStorage, location: { pathname: string; search: string }, nowMs: number): void {
  const params = new URLSearchParams(location.search);
  const email = params.get('email');
  const ownParam = PATHS_WITH_OWN_EMAIL_PARAM.includes(location.pathname.replace(/\/+$/, '') || '/');
  if (!ownParam && email !== null && email.trim() !== '') storage.setItem(STORAGE_KEYS.userEmail, email.trim());
  if (params.get('newuser') === 'true') {
    storage.setItem(STORAGE_KEYS.isNewUser, 'true');
    if (readSignupTime(storage) === null) storage.setItem(STORAGE_KEYS.newUserSignupTime, String(nowMs));
  }
}

/** The stored e-mail, or null. A stored value lacking '@' is removed (spec §4: signed out). */
export function readEmail(storage: KeyValueStorage): string | null {
  const stored = storage.getItem(STORAGE_KEYS.userEmail);
  if (stored === null) return null;
  if (!looksLikeEmail(stored)) {
    storage.removeItem(STORAGE_KEYS.userEmail);
    return null;
  }
  return stored.trim();
}

/** Same address? E-mail addresses compare case-insensitively (the server lower-cases them). */
function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The token held for `email`, or null (none, unreadable, or for another address). */
export function readVisitorToken(storage: KeyValueStorage, email: string | null): string | null {
  if (email === null) return null;
  const raw = storage.getItem(STORAGE_KEYS.visitorToken);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') {
      const { email: owner, token } = parsed as { email?: unknown; token?: unknown };
      if (typeof owner === 'string' && typeof token === 'string' && token !== '') return sameAddress(owner, email) ? token : null;
    }
  } catch {
    // Fall through: an unreadable value is removed below.
  }
  storage.removeItem(STORAGE_KEYS.visitorToken);
  return null;
}

/** The signup time (epoch ms) from `newUserSignupTime`, else `userSignupTime`; null when absent or unreadable. */
export function readSignupTime(storage: KeyValueStorage): number | null {
  for (const key of [STORAGE_KEYS.newUserSignupTime, STORAGE_KEYS.userSignupTime]) {
    const raw = storage.getItem(key);
    if (raw === null || raw.trim() === '') continue;
    const ms = Number(raw);
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

/** Whether the new-user tag applies at `nowMs` (spec §4 "New-user flag", 24-hour window). */
export function readNewUser(storage: KeyValueStorage, nowMs: number): boolean {
  return isNewUserActive(storage.getItem(STORAGE_KEYS.isNewUser) === 'true', readSignupTime(storage), nowMs);
}

/** The whole session at `nowMs`. Cleans invalid stored values as a side effect (spec §4). */
export function readSession(storage: KeyValueStorage, nowMs: number): SessionSnapshot {
  const email = readEmail(storage);
  return { email, token: readVisitorToken(storage, email), newUser: readNewUser(storage, nowMs) };
}

/**
 * Remembers a visitor after the server issued a token (alert created, e-mail confirmed): the
 * e-mail replaces the stored one (spec §4: "An entered e-mail replaces the stored e-mail") and the
 * token is stored beside it. Throws RangeError for an e-mail without '@' or an empty token.
 */
export function rememberVisitor(storage: KeyValueStorage, email: string, token: string): void {
  if (!looksLikeEmail(email)) throw new RangeError('email: must contain @');
  if (token === '') throw new RangeError('token: must not be empty');
  storage.setItem(STORAGE_KEYS.userEmail, email.trim());
  storage.setItem(STORAGE_KEYS.visitorToken, JSON.stringify({ email: email.trim(), token }));
}

/**
 * Sets the e-mail without a token (a new address typed into a form). The token of the previous
 * address stops applying because it names another address.
 */
export function rememberEmail(storage: KeyValueStorage, email: string): void {
  if (!looksLikeEmail(email)) throw new RangeError('email: must contain @');
  storage.setItem(STORAGE_KEYS.userEmail, email.trim());
}

/** Sign Out (spec §4): forgets the e-mail, its token and the click-tracking e-mail. */
export function signOut(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.userEmail);
  storage.removeItem(STORAGE_KEYS.visitorToken);
  storage.removeItem(STORAGE_KEYS.clickTrackingEmail);
}
