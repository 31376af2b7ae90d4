/**
 * The browser side of the session: one store over localStorage that React components subscribe to
 * (useSyncExternalStore), so the header, the bell and the dialogs update together when an alert
 * creates a token or the visitor signs out. Rules live in session.rules.ts.
 */
import { useSyncExternalStore } from 'react';
import { chooseAffiliateTag } from '../../../common/affiliate';
import { useConfig } from '../../lib/config.query';
import { reportVisit } from '../../lib/outbound-link';
import {
  applyUrlToSession,
  readSession,
  rememberEmail as rememberEmailIn,
  rememberVisitor as rememberVisitorIn,
  signOut as signOutIn,
  STORAGE_KEYS,
  type KeyValueStorage,
  type SessionSnapshot,
} from './session.rules';

/** localStorage, or an in-memory stand-in when the browser refuses storage (privacy modes). */
function pickStorage(): KeyValueStorage {
  try {
    const probe = '__deal_alerts_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  }
}

let storage: KeyValueStorage | null = null;
let snapshot: SessionSnapshot = { email: null, token: null, newUser: false };
const listeners = new Set<() => void>();

function store(): KeyValueStorage {
  storage ??= pickStorage();
  return storage;
}

function refresh(): void {
  snapshot = readSession(store(), Date.now());
  for (const listener of listeners) listener();
}

/** Reads the URL (`?email=`, `?newuser=true`) into storage once, before the first render. */
export function initSession(): void {
  applyUrlToSession(store(), { pathname: window.location.pathname, search: window.location.search }, Date.now());
  snapshot = readSession(store(), Date.now());
  // Another tab signing in or out updates this one too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) refresh();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Session extends SessionSnapshot {
  /** Stores the e-mail and the token the server issued for it (replaces a different stored e-mail). */
  remember: (email: string, token: string) => void;
  /** Stores an e-mail without a token. */
  rememberEmail: (email: string) => void;
  /** Sign Out (spec §4): forget the e-mail and token, then load / afresh. */
  signOut: () => void;
}

const actions = {
  remember(email: string, token: string) {
    rememberVisitorIn(store(), email, token);
    refresh();
    // The visit is reported again with the new proof, so this session's clicks count for the address (issue 25).
    reportVisit();
  },
  rememberEmail(email: string) {
    rememberEmailIn(store(), email);
    refresh();
  },
  signOut() {
    signOutIn(store());
    refresh();
    window.location.assign('/');
  },
};

/** The current session and its actions. */
export function useSession(): Session {
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  return { ...current, ...actions };
}

/**
 * The affiliate tag for outbound links (shopper-screens §4 "New-user flag"; DESIGN.md §4
 * "Affiliate links"): the new-user tag inside the 24-hour window, else the default. Null until
 * /api/config answers (links then keep the server's default-tagged URL).
 */
export function useAffiliateTag(): string | null {
  const { data } = useConfig();
  const { newUser } = useSession();
  if (!data) return null;
  return chooseAffiliateTag({ defaultTag: data.affiliateTag, newUserTag: data.affiliateTagNewUser }, newUser);
}
