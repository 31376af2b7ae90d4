/**
 * Sets what a screen says about itself in `<head>` after every client-side navigation (issue 10
 * part 2; docs/decisions/0010-first-html.md), as the server's first HTML response says it for a
 * fresh load: the title ("{title} | Deal Alerts UK", so screen-reader users and tabs know where
 * they are), the meta description, the canonical link and the robots rule, by the shared rules of
 * common/page-meta.ts (`/about` → `/about-us`, `?page=`, search results and account pages
 * `noindex, follow`, the admin area `noindex, nofollow`, not-found screens `noindex` without a
 * canonical link). Open Graph title, description and URL follow.
 */
import { setFeedLinks } from './feed-links';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clipDescription, fullTitle, NOINDEX, pageRoute, SITE_DESCRIPTION } from '../../common/page-meta';

export interface PageMetaOptions {
  /** The meta description of a page built from data (common/page-meta.ts `describe`); pages with fixed words have theirs. */
  description?: string | undefined;
  /** The screen says the thing asked for does not exist: `noindex`, no canonical link. */
  notFound?: boolean;
}

/**
 * The origin of canonical links: PUBLIC_URL, as the server wrote it into the first page's canonical
 * link; the page's own origin when that page had none (a 404).
 */
let canonicalOrigin: string | undefined;
function originOfCanonicals(): string {
  if (canonicalOrigin) return canonicalOrigin;
  const first = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  canonicalOrigin = first ? new URL(first).origin : window.location.origin;
  return canonicalOrigin;
}

/** Sets `attribute` of the `<head>` element `selector` to `value`, creating it from `create`; removes it for null. */
function setHeadElement(selector: string, create: () => HTMLElement, attribute: string, value: string | null): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const meta = (attribute: 'name' | 'property', key: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  return element;
};

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** Sets the title, description, canonical link and robots rule of the current screen. */
export function useDocumentTitle(title: string, options: PageMetaOptions = {}): void {
  const { pathname, search } = useLocation();
  const { description, notFound = false } = options;
  useEffect(() => {
    const route = notFound ? null : pageRoute(safeDecode(pathname), new URLSearchParams(search));
    const words = clipDescription(description ?? route?.description ?? SITE_DESCRIPTION);
    const canonical = route ? `${originOfCanonicals()}${route.canonicalPath}` : null;
    document.title = fullTitle(title);
    setHeadElement('meta[name="description"]', meta('name', 'description'), 'content', words);
    setHeadElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonical);
    // A path no route covers is a 404 on the server too.
    setHeadElement('meta[name="robots"]', meta('name', 'robots'), 'content', route ? (route.robots ?? null) : NOINDEX);
    setHeadElement('meta[property="og:title"]', meta('property', 'og:title'), 'content', document.title);
    setHeadElement('meta[property="og:description"]', meta('property', 'og:description'), 'content', words);
    setHeadElement('meta[property="og:url"]', meta('property', 'og:url'), 'content', canonical);
    setFeedLinks(canonical);
  }, [title, description, notFound, pathname, search]);
}
