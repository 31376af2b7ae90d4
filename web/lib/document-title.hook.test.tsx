// @vitest-environment happy-dom
/**
 * `<head>` after client-side navigation (issue 10 part 2; docs/decisions/0010-first-html.md): the
 * title, meta description, canonical link and robots rule follow each screen by the rules the
 * server applies to a fresh load (common/page-meta.ts): `/about` → `/about-us`, a listing's page,
 * search results and account pages `noindex, follow`, the admin area `noindex, nofollow`, a
 * not-found screen `noindex` without a canonical link. Canonical links keep PUBLIC_URL's origin,
 * as the server wrote it into the first page.
 */
import { screen } from '@testing-library/react';
import type { DetachedWindowAPI } from 'happy-dom';
import { Link } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { describe as describePage, STATIC_PAGES } from '../../common/page-meta';
import { FaqPage } from '../routes/faq.route';
import { NotFoundPage } from '../routes/not-found.route';
import { renderRoutes } from '../testing/harness';
import { useDocumentTitle } from './document-title.hook';

const PUBLIC_URL = 'https://deals.example.co.uk';

const head = () => ({
  title: document.title,
  description: document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  robots: document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
  ogUrl: document.head.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? null,
});

/** A screen that names itself as a page built from data does, with links to the next screens. */
function Screen({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title, { description });
  return (
    <nav>
      <Link to="/about">About</Link>
      <Link to="/search?q=kettle">Search kettle</Link>
      <Link to="/category-deals/electronics?page=2">Electronics page 2</Link>
      <Link to="/management/products">Admin</Link>
      <Link to="/no/such/page">Broken</Link>
      <Link to="/faq">FAQ</Link>
    </nav>
  );
}

describe('page meta on client-side navigation', () => {
  beforeAll(() => {
    // What the server's first HTML of /blog carried.
    document.head.innerHTML = `<title>Deal Hunting Blog | Deal Alerts UK</title><meta name="description" content="${describePage.blog()}"><link rel="canonical" href="${PUBLIC_URL}/blog">`;
  });

  it('follows each screen: description, canonical (PUBLIC_URL), robots', async () => {
    const { user } = renderRoutes(
      [
        { path: '/blog', element: <Screen title="Deal Hunting Blog" /> },
        { path: '/about', element: <Screen title="About Us" /> },
        { path: '/search', element: <Screen title="Search: kettle" description={describePage.search('kettle')} /> },
        { path: '/category-deals/:key', element: <Screen title="Today's Top Electronics Deals" description="Electronics deals." /> },
        { path: '/management/*', element: <Screen title="Admin" /> },
        { path: '/faq', element: <FaqPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
      '/blog',
    );
    expect(head()).toMatchObject({ canonical: `${PUBLIC_URL}/blog`, robots: null, description: describePage.blog() });

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(head()).toEqual({
      title: 'About Us | Deal Alerts UK',
      description: STATIC_PAGES.about.description,
      canonical: `${PUBLIC_URL}/about-us`,
      robots: null,
      ogUrl: `${PUBLIC_URL}/about-us`,
    });

    await user.click(screen.getByRole('link', { name: 'Search kettle' }));
    expect(head()).toMatchObject({
      title: 'Search: kettle | Deal Alerts UK',
      description: describePage.search('kettle'),
      canonical: `${PUBLIC_URL}/search?q=kettle`,
      robots: 'noindex, follow',
    });

    await user.click(screen.getByRole('link', { name: 'Electronics page 2' }));
    expect(head()).toMatchObject({
      description: 'Electronics deals.',
      canonical: `${PUBLIC_URL}/categories/electronics?page=2`,
      robots: null,
    });

    await user.click(screen.getByRole('link', { name: 'Admin' }));
    expect(head()).toMatchObject({ canonical: `${PUBLIC_URL}/management`, robots: 'noindex, nofollow' });

    await user.click(screen.getByRole('link', { name: 'Broken' }));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(head()).toMatchObject({ title: 'Page Not Found | Deal Alerts UK', canonical: null, robots: 'noindex', ogUrl: null });
  });

  it('a static page after a not-found screen gets its canonical link and index rule back', async () => {
    // A first load of a not-found page: the server wrote no canonical link, so canonical links take
    // the page's own origin (the site's). Set here so the test holds in any order of the tests.
    (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setURL(`${PUBLIC_URL}/nothing-here/at-all`);
    const { user } = renderRoutes(
      [
        { path: '/faq', element: <FaqPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
      '/nothing-here/at-all',
    );
    expect(head()).toMatchObject({ canonical: null, robots: 'noindex' });
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(head()).toEqual({
      title: 'Frequently Asked Questions | Deal Alerts UK',
      description: STATIC_PAGES.faq.description,
      canonical: `${PUBLIC_URL}/faq`,
      robots: null,
      ogUrl: `${PUBLIC_URL}/faq`,
    });
  });
});
