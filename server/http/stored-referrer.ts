/**
 * The one rule for a referrer, visited path or page URL we keep (issue 25 "Analytics only from real
 * shoppers"): scheme, host and path only. A query string or fragment can carry a live signature
 * or token (our own one-click unsubscribe and confirmation links are `?email=…&t=…&sig=…`), an
 * address, or a search, so it is never stored; nor is a `user:password@` part. Migration 0016 applied
 * the same cut to the rows stored before.
 *
 * Shapes (after trimming):
 * - an absolute URL with a host → `{scheme}://{host}{path}`, e.g.
 *   `https://Example.com:8443/a b?sig=x#top` → `https://example.com:8443/a%20b`; any scheme with a
 *   host (an Android app's `android-app://com.google.android.gm/`) keeps its scheme and host;
 * - a URL without a host (`mailto:`, `javascript:`, `data:`) → null: nothing in it is a place;
 * - a site path (`/unsubscribe?email=…`) → the path before `?` or `#` (`/unsubscribe`);
 * - anything else (free text a client sent) → the text before its first `?` or `#`;
 * - null, undefined, blank, or nothing left → null.
 * The result is cut to {@link STORED_REFERRER_MAX} characters.
 */

/** Most characters kept of a stored referrer or path (a path and host fit; the rest is noise). */
export const STORED_REFERRER_MAX = 500;

const beforeQuery = (text: string) => text.split(/[?#]/, 1)[0] ?? '';

/** `value` as we may store it (see the module comment), or null. Never throws. */
export function storedReferrer(value: string | null | undefined, maxLength: number = STORED_REFERRER_MAX): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let kept: string;
  if (text.startsWith('/') && !text.startsWith('//')) {
    kept = beforeQuery(text);
  } else {
    let url: URL | null = null;
    try {
      url = new URL(text.startsWith('//') ? `https:${text}` : text);
    } catch {
      url = null;
    }
    if (url === null) kept = beforeQuery(text);
    else if (url.host === '') return null;
    else kept = `${url.protocol}//${url.host}${url.pathname}`;
  }
  const cut = kept.trim().slice(0, maxLength);
  return cut === '' ? null : cut;
}
