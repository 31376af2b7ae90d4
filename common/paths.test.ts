/**
 * The one table of the site's paths (common/paths.ts; issue 26 "each path written once"): builders
 * fill their pattern's segments, encoded, and every path a builder writes is one its own pattern
 * matches (common/page-meta.ts `patternToRegExp`, as the server's first HTML matches them).
 */
import { describe, expect, it } from 'vitest';
import { patternToRegExp } from './page-meta';
import { pathTo, paths, routePatterns } from './paths';

describe('pathTo', () => {
  it('fills the segments in order, encoded, and leaves the root alone', () => {
    expect(pathTo('/')).toBe('/');
    expect(pathTo('todays-deals')).toBe('/todays-deals');
    expect(pathTo('deals/:asin', 'B0 1/?')).toBe('/deals/B0%201%2F%3F');
    expect(pathTo('a/:x/b/:y', '1', '2')).toBe('/a/1/b/2');
  });

  it('refuses a pattern of many paths and a wrong number of values', () => {
    expect(() => pathTo('subscribe/*')).toThrow(/matches many paths/);
    // The types refuse these too; a caller in plain JavaScript is still told.
    expect(() => (pathTo as (p: string, ...v: string[]) => string)('deals/:asin')).toThrow(/needs a value for :asin/);
    expect(() => (pathTo as (p: string, ...v: string[]) => string)('faq', 'x')).toThrow(/takes 0 values, got 1/);
  });
});

describe('paths', () => {
  /** Each builder with sample arguments, and the pattern that must match what it writes. */
  const written: Array<[string, string, keyof typeof routePatterns]> = [
    [paths.home(), '/', 'home'],
    [paths.dealAlerts(), '/deal-alerts', 'dealAlerts'],
    [paths.todaysDeals(), '/todays-deals', 'todaysDeals'],
    [paths.trending(), '/todays-deals2', 'trending'],
    [paths.categoryDeals('home-kitchen'), '/categories/home-kitchen', 'categoryDeals'],
    [paths.categoryDealsAlias('baby'), '/category-deals/baby', 'categoryDealsAlias'],
    [paths.categoryPage('summer-picks'), '/category/summer-picks', 'categoryPage'],
    [paths.search(), '/search', 'search'],
    [paths.product('B0ABCDEF12'), '/deals/B0ABCDEF12', 'product'],
    [paths.confirmEmail(), '/confirm-email', 'confirmEmail'],
    [paths.unsubscribe(), '/unsubscribe', 'unsubscribe'],
    [paths.signup(), '/signup', 'signup'],
    [paths.deal(), '/deal', 'deal'],
    [paths.deal('kitchen-gadgets'), '/deal/kitchen-gadgets', 'dealPreset'],
    [paths.go('B0ABCDEF12'), '/go/B0ABCDEF12', 'go'],
    [paths.blog(), '/blog', 'blog'],
    [paths.blogArticle('effective-price-alerts-guide'), '/blog/effective-price-alerts-guide', 'blogArticle'],
    [paths.about(), '/about-us', 'aboutUs'],
    [paths.contact(), '/contact-us', 'contactUs'],
    [paths.faq(), '/faq', 'faq'],
    [paths.howItWorks(), '/how-it-works', 'howItWorks'],
    [paths.privacyPolicy(), '/privacy-policy', 'privacyPolicy'],
    [paths.termsOfService(), '/terms-of-service', 'termsOfService'],
    [paths.cookiePolicy(), '/cookie-policy', 'cookiePolicy'],
    [paths.subscribe(), '/subscribe', 'subscribe'],
    [paths.adminLogin(), '/admin/login', 'adminLogin'],
  ];

  it.each(written)('%s is %s, which its pattern matches', (built, expected, key) => {
    expect(built).toBe(expected);
    expect(patternToRegExp(routePatterns[key]).test(built)).toBe(true);
  });

  it('has a pattern behind every builder', () => {
    const covered = new Set(written.map(([, , key]) => key));
    const builders = Object.keys(paths).length;
    // Every builder is listed above (deal has two patterns, so one builder more is listed).
    expect(written.length).toBe(builders + 1);
    expect(covered.size).toBe(written.length);
  });

  it('puts the search term in the query, encoded', () => {
    expect(paths.search('tea & biscuits')).toBe('/search?q=tea%20%26%20biscuits');
  });

  it('reaches the spec\'s "/category-pages with {slug}" (shopper-screens §2)', () => {
    expect(patternToRegExp(routePatterns.categoryPages).exec('/category-pages/summer-picks')?.[1]).toBe('summer-picks');
  });
});
