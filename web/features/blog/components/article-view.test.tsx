// @vitest-environment happy-dom
/**
 * Blog pages as a reader sees them (content-and-account-pages §2.8, §2.9; issue 10): the list with
 * the first article featured, an article with its badge, en-GB date, read time, body, share row and
 * 'More Deal Hunting Tips', and 'Article Not Found' with Back to Blog for an unknown slug.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blogArticleSchema, blogListSchema, type BlogSummary } from '../../../../common/api/blog.schema';
import { BlogArticlePage } from '../../../routes/blog-article.route';
import { BlogPage } from '../../../routes/blog.route';
import { currentUrl, fakeApi, renderRoutes } from '../../../testing/harness';

const summary = (slug: string, title: string, date: string): BlogSummary => ({
  id: 1,
  slug,
  title,
  excerpt: `About ${title.toLowerCase()}, in more than a few words.`,
  category: 'Price Tracking',
  author: 'Deal Alerts UK Editorial Team',
  date,
  readTime: '4 min read',
});

const LIST = blogListSchema.parse({
  articles: [
    summary('amazon-deal-hunting-tips-2025', 'Ten Habits', '2025-08-08'),
    summary('effective-price-alerts-guide', 'Price Alerts That Work', '2025-08-07'),
    summary('black-friday-vs-prime-day-comparison', 'Black Friday or Prime Day', '2025-08-06'),
  ],
});

const routes = [
  { path: '/blog', element: <BlogPage /> },
  { path: '/blog/:slug', element: <BlogArticlePage /> },
];

describe('Blog', () => {
  it('lists the articles with the first featured', async () => {
    fakeApi({ 'GET /api/blog': { json: LIST } });
    renderRoutes(routes, '/blog');
    expect(await screen.findByText('Featured')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Ten Habits' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Price Alerts That Work' })).toHaveAttribute('href', '/blog/effective-price-alerts-guide');
  });

  it('shows an article with its category, en-GB date, read time, body, share row and two more tips', async () => {
    fakeApi({
      'GET /api/blog': { json: LIST },
      'GET /api/blog/effective-price-alerts-guide': {
        json: blogArticleSchema.parse({
          ...summary('effective-price-alerts-guide', 'Price Alerts That Work', '2025-08-07'),
          content: '<h2>How an alert works here</h2><p>Press <strong>Set Deal Alert</strong>.</p>',
        }),
      },
    });
    renderRoutes(routes, '/blog/effective-price-alerts-guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Price Alerts That Work' })).toBeVisible();
    const article = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(article).getByText('Price Tracking')).toBeVisible();
    expect(within(article).getByText('7 August 2025')).toBeVisible();
    expect(within(article).getByText('4 min read')).toBeVisible();
    expect(within(article).getByRole('heading', { level: 2, name: 'How an alert works here' })).toBeVisible();
    expect(within(article).getByText('Share this article')).toBeVisible();
    expect(within(article).getByRole('button', { name: 'Share' })).toBeVisible();
    const more = screen.getByRole('region', { name: 'More Deal Hunting Tips' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/effective-price-alerts-guide', '/blog/black-friday-vs-prime-day-comparison']);
    expect(document.title).toBe('Price Alerts That Work | Deal Alerts UK');
  });

  it("says 'Article Not Found' for an unknown slug, and Back to Blog goes to the list", async () => {
    fakeApi({ 'GET /api/blog': { json: LIST } });
    const { user, router } = renderRoutes(routes, '/blog/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Blog' }));
    expect(currentUrl(router)).toBe('/blog');
    expect(await screen.findByText('Featured')).toBeVisible();
  });
});
