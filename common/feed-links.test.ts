/**
 * Which feeds a page's head links to (issue 30: `rel=alternate` links to the feeds that exist).
 */
import { describe, expect, it } from 'vitest';
import { feedLinksFor } from './feed-links';

describe('feedLinksFor', () => {
  it("links a category's deals page to its own feed, then today's deals", () => {
    expect(feedLinksFor('https://deals.example/categories/electronics')).toEqual([
      {
        title: 'Electronics Deals | Deal Alerts UK',
        href: 'https://deals.example/categories/electronics.rss',
        type: 'application/rss+xml',
      },
      { title: "Today's Deals | Deal Alerts UK", href: 'https://deals.example/deals.rss', type: 'application/rss+xml' },
    ]);
  });

  it("links deal pages to today's deals feed", () => {
    for (const page of ['/', '/todays-deals', '/todays-deals2', '/deals/B0KETTLE01', '/deal', '/deal/air-fryer'])
      expect(
        feedLinksFor(page).map((f) => f.href),
        page,
      ).toEqual(['/deals.rss']);
  });

  it('links no other page, an unknown category or a not-found page', () => {
    for (const page of ['/blog', '/about-us', '/search?q=kettle', '/categories/garden-gnomes', '/deals/B0KETTLE01/extra'])
      expect(feedLinksFor(page), page).toEqual([]);
    expect(feedLinksFor(null)).toEqual([]);
  });
});
