/**
 * Links out to Amazon through our tracked redirect `GET /go/{asin}` (issue 9 part 3; shopper-screens
 * §4 "Outbound click", "New-user flag"; DESIGN.md §4 "Affiliate links"). The server records the click
 * and answers 302 to the tagged Amazon link; the browser only says which click it was, whether the
 * new-user window is open (`nu=1`), the stored e-mail when known, the page it came from and the
 * campaign (utm_*) of the e-mail the visitor arrived from.
 *
 * Reads browser storage at call time (the spec's keys: userEmail, clickTrackingEmail, isNewUser,
 * newUserSignupTime, userSignupTime), so a link built before a signup is rebuilt on click.
 *
 * Issue 25: the server puts a click under an address only with that address's proof. A link is a
 * top-level navigation and carries no header, so the proof travels with the visit: the visit
 * report sends this browser's visitor token (`visitorToken`, when it is the tracking e-mail's),
 * the server stores the address on the visit only then, and `/go?email=…&visit=…` is attributed
 * when the visit proves that address. A browser that proves an address mid-session reports again
 * ({@link reportVisit} after the token is stored), so its later clicks count under its address.
 */
import { isNewUserActive } from '../../common/affiliate';
import { paths } from '../../common/paths';

const CAMPAIGN_KEY = 'campaign';
const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
/** Session storage key of this session's visit reference (issue 13; POST /api/visits). */
const VISIT_KEY = 'visit';
/** Session storage key of the address the visit was reported with a token for ('' for none; issue 25). */
const VISIT_PROVEN_KEY = 'visitProvenEmail';
/** localStorage key of the visitor token, `{"email","token"}` (web/features/session/session.rules.ts). */
const TOKEN_KEY = 'visitorToken';

function read(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

/** Keeps the utm_* parameters of the landing URL for this browser session (call once at start). */
export function captureCampaign(search: string = window.location.search): void {
  const params = new URLSearchParams(search);
  const campaign = Object.fromEntries(CAMPAIGN_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 100)]] : [])));
  if (Object.keys(campaign).length === 0) return;
  try {
    window.sessionStorage.setItem(CAMPAIGN_KEY, JSON.stringify(campaign));
  } catch {
    // Storage refused (privacy mode): clicks go without campaign.
  }
}

/**
 * Reports a website visit (issue 13; POST /api/visits): once per browser session, again when the
 * page was opened from a link with utm parameters (an e-mail link), and again when the address this
 * browser proves has changed since (issue 25: call it after storing a new visitor token). Sends only
 * the path, the tracking e-mail when this browser holds one (with its visitor token as a Bearer
 * credential when the token is that address's), and the utm parameters; keeps the answer's visit
 * reference for this session, so a later click to Amazon says which visit it came from. Admin
 * pages are not visits. Never throws; a failure only means the visit is not counted.
 */
export function reportVisit(path: string = window.location.pathname, search: string = window.location.search): void {
  if (/^\/(admin|management)(\/|$)/.test(path)) return;
  const params = new URLSearchParams(search);
  const fromLink = CAMPAIGN_PARAMS.some((k) => params.get(k));
  const email = trackingEmail();
  const token = trackingToken();
  const proven = token && email ? email.toLowerCase() : '';
  if (!fromLink && read('session', VISIT_KEY) && (read('session', VISIT_PROVEN_KEY) ?? '') === proven) return;
  const body: Record<string, string> = { path: path.slice(0, 300) };
  if (email) body.userEmail = email;
  for (const k of CAMPAIGN_PARAMS) if (params.get(k)) body[k] = params.get(k)!.slice(0, 100);
  // The page that sent the visitor: the server keeps its host only (the owners' top referrers).
  if (document.referrer) body.referrer = document.referrer.slice(0, 2000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  void fetch('/api/visits', { method: 'POST', headers, body: JSON.stringify(body), keepalive: true })
    // 201 with the reference; 204 (a crawler: not counted) and failures keep nothing.
    .then((r) => (r.status === 201 ? (r.json() as Promise<{ visit: string }>) : null))
    .then((answer) => {
      if (!answer) return;
      window.sessionStorage.setItem(VISIT_KEY, answer.visit);
      window.sessionStorage.setItem(VISIT_PROVEN_KEY, proven);
    })
    .catch(() => {
      // Not counted: nothing the visitor needs to know.
    });
}

/** Whether the new-user tag applies now (spec §4: flag set and signup under 24 hours old or unknown). */
export function newUserNow(nowMs: number = Date.now()): boolean {
  const time = Number(read('local', 'newUserSignupTime') ?? read('local', 'userSignupTime') ?? NaN);
  return isNewUserActive(read('local', 'isNewUser') === 'true', Number.isFinite(time) ? time : null, nowMs);
}

export interface OutboundTarget {
  /** The product's ASIN; or null with `url` for a non-product Amazon link (deal pages). */
  asin: string | null;
  clickType: 'title' | 'shop';
  /** An Amazon link to send the visitor to instead of the product page (the server re-tags it). */
  url?: string;
  /** Deal landing page id, recorded with the click. */
  deal?: string;
  /**
   * Slug of the owners' category page the click came from (issue 8): the redirect then uses that
   * page's own affiliate tag (`cp`).
   */
  categoryPage?: string;
}

/**
 * The e-mail that click tracking may use (shopper-screens §3 browser storage, §6: tracking happens
 * "only when a tracking e-mail is stored"): `clickTrackingEmail`, else `userEmail`; null unless it
 * holds an '@'.
 */
export function trackingEmail(): string | null {
  const email = read('local', 'clickTrackingEmail') ?? read('local', 'userEmail');
  return email?.includes('@') ? email.trim() : null;
}

/**
 * The visitor token this browser holds for the {@link trackingEmail} (localStorage `visitorToken`,
 * `{"email","token"}`, same address ignoring case), or null: the proof that lets the server keep
 * the address with a click or visit (issue 25). Send it as `Authorization: Bearer` with
 * `POST /api/category-clicks` and `POST /api/product-clicks`.
 */
export function trackingToken(): string | null {
  const email = trackingEmail();
  if (!email) return null;
  try {
    const held = JSON.parse(read('local', TOKEN_KEY) ?? 'null') as { email?: unknown; token?: unknown } | null;
    if (!held || typeof held.email !== 'string' || typeof held.token !== 'string' || held.token === '') return null;
    return held.email.trim().toLowerCase() === email.toLowerCase() ? held.token : null;
  } catch {
    return null; // Unreadable: the session store removes it; the click counts without an address.
  }
}

/** The href of our redirect for `target`, built from the current storage and page. */
export function outboundHref(target: OutboundTarget): string {
  const params = new URLSearchParams({ ct: target.clickType });
  if (newUserNow()) params.set('nu', '1');
  const email = trackingEmail();
  if (email) params.set('email', email);
  if (target.url) params.set('url', target.url);
  if (target.deal) params.set('deal', target.deal);
  if (target.categoryPage) params.set('cp', target.categoryPage);
  params.set('from', window.location.pathname);
  const visit = read('session', VISIT_KEY);
  if (visit && /^[0-9a-f]{32}$/.test(visit)) params.set('visit', visit);
  try {
    const campaign = JSON.parse(read('session', CAMPAIGN_KEY) ?? '{}') as Record<string, string>;
    for (const k of CAMPAIGN_PARAMS) if (typeof campaign[k] === 'string') params.set(k, campaign[k]);
  } catch {
    // An unreadable campaign is ignored.
  }
  return `${target.asin ? paths.go(target.asin) : '/go'}?${params.toString()}`;
}

/** onClick for an outbound <a>: refreshes its href from the current session just before it opens. */
export function refreshOutboundHref(target: OutboundTarget) {
  return (event: { currentTarget: HTMLAnchorElement }) => {
    event.currentTarget.href = outboundHref(target);
  };
}

/**
 * After a signup (content-and-account-pages §4 "Signup success"): stores the new-user flag and the
 * signup time (epoch ms) under the spec's keys, and the e-mail for click tracking. Call before the
 * session store refreshes (session.remember), so the new-user tag applies at once.
 */
export function markNewUser(email: string, signupTimeMs: number): void {
  try {
    window.localStorage.setItem('isNewUser', 'true');
    window.localStorage.setItem('newUserSignupTime', String(signupTimeMs));
    window.localStorage.setItem('userSignupTime', String(signupTimeMs));
    window.localStorage.setItem('clickTrackingEmail', email);
  } catch {
    // Storage refused: the URL's newuser=true still applies for this visit.
  }
}
