/**
 * The `<link rel="alternate">` feed links of the current screen (issue 30; common/feed-links.ts):
 * those of the last screen are removed and this screen's added, so a browser or feed reader finds
 * the deals feeds of deal and category pages after client-side navigation too (the server writes
 * the same links into the first HTML).
 */
import { feedLinksFor } from '../../common/feed-links';

/** Replaces the head's feed links with those of the page whose canonical URL is `canonical` (null: none). */
export function setFeedLinks(canonical: string | null): void {
  for (const old of document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')) old.remove();
  for (const feed of feedLinksFor(canonical)) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = feed.type;
    link.title = feed.title;
    link.href = feed.href;
    document.head.append(link);
  }
}
