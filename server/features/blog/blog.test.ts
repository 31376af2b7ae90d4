/**
 * The blog through HTTP (issue 10; content-and-account-pages §2.8, §2.9, §3): the ten articles of
 * content/blog with their slugs, categories and dates, 500–900 words each, newest first; one article
 * by slug with sanitised HTML; 404 for an unknown slug; 400 for one that cannot be a slug. And the
 * Markdown rules: strict front matter, and no script gets through the renderer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../../app';
import { createTestApp } from '../../test-support/test-app';
import { BLOG_DIR } from './blog.service';
import { ArticleFormatError, parseArticleSource, renderArticleHtml, wordCount } from './blog-markdown.rules';

const SPEC_ARTICLES: Record<string, string> = {
  'amazon-deal-hunting-tips-2025': 'Deal Hunting',
  'effective-price-alerts-guide': 'Price Tracking',
  'black-friday-vs-prime-day-comparison': 'Shopping Events',
  'kitchen-appliance-deals-guide': 'Kitchen',
  'spotting-fake-tech-deals': 'Technology',
  'seasonal-shopping-calendar': 'Seasonal Shopping',
  'budget-home-improvement-deals': 'Home & Garden',
  'fashion-deals-wardrobe-building': 'Fashion',
  'electronics-warranty-guide': 'Technology',
  'deal-alert-psychology': 'Psychology',
};

let app: App;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(() => close?.());

describe('GET /api/blog', () => {
  it('lists the ten articles of the spec, newest first, dated 2025-07-30 to 2025-08-08, without bodies', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/blog' });
    expect(res.statusCode).toBe(200);
    const { articles } = res.json() as { articles: Record<string, unknown>[] };
    expect(articles).toHaveLength(10);
    expect(Object.fromEntries(articles.map((a) => [a.slug, a.category]))).toEqual(SPEC_ARTICLES);
    const dates = articles.map((a) => a.date as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2025-08-08');
    expect(dates.at(-1)).toBe('2025-07-30');
    expect(articles.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const a of articles) {
      expect(a).not.toHaveProperty('content');
      expect(String(a.title)).not.toMatch(/^['"]|['"]$/);
      expect(a.readTime).toMatch(/^\d min read$/);
      expect(String(a.excerpt).length).toBeGreaterThan(40);
    }
  });

  it('each article is 500–900 words of Markdown', async () => {
    for (const slug of Object.keys(SPEC_ARTICLES)) {
      const { body } = parseArticleSource(slug, await readFile(path.join(BLOG_DIR, `${slug}.md`), 'utf8'));
      const words = wordCount(body);
      expect(words, slug).toBeGreaterThanOrEqual(500);
      expect(words, slug).toBeLessThanOrEqual(900);
    }
  });
});

describe('GET /api/blog/:slug', () => {
  it('gives the article with its HTML body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/blog/effective-price-alerts-guide' });
    expect(res.statusCode).toBe(200);
    const article = res.json();
    expect(article).toMatchObject({ slug: 'effective-price-alerts-guide', category: 'Price Tracking', date: '2025-08-07' });
    expect(article.content).toContain('<h2>How an alert works here</h2>');
    expect(article.content).not.toMatch(/<script|on\w+=/i);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 404 for an unknown slug and 400 naming slug for one that cannot be a slug', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/blog/no-such-article' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/^slug: /);
    const bad = await app.inject({ method: 'GET', url: '/api/blog/..%2Fsecret' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^slug: /);
  });
});

describe('Markdown rules', () => {
  it('strips script, event handlers, javascript: links, images and raw HTML blocks', () => {
    const html = renderArticleHtml(
      [
        '## Title',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) [ok](/how-it-works) [out](https://example.com)',
        '<iframe src="https://evil.example"></iframe><p onclick="x()">para</p>',
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onclick|javascript:/i);
    expect(html).toContain('<a href="/how-it-works">ok</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">out</a>');
  });

  it('reads plain, single-quoted and double-quoted values as YAML does', () => {
    const { meta } = parseArticleSource(
      'q.md',
      `---\ntitle: 'Don''t Rush: A Guide'\ncategory: "Home & Garden"\nauthor: Us\ndate: 2025-08-01\nexcerpt: "Say \\"no\\" first"\n---\nbody`,
    );
    expect(meta).toMatchObject({ title: "Don't Rush: A Guide", category: 'Home & Garden', excerpt: 'Say "no" first' });
  });

  it('refuses front matter that is missing, malformed or incomplete, naming the file and the field', () => {
    expect(() => parseArticleSource('a.md', '# No front matter')).toThrow(ArticleFormatError);
    expect(() => parseArticleSource('b.md', '---\ntitle: x\nnot a pair\n---\nbody')).toThrow(/b\.md: front matter line/);
    expect(() =>
      parseArticleSource('c.md', '---\ntitle: "T"\ncategory: Kitchen\nauthor: Us\ndate: 8 August 2025\nexcerpt: e\n---\nbody'),
    ).toThrow(/c\.md: date: must be an ISO date/);
  });
});
