/**
 * Crawler routes (issue 10 part 2), public and read-only, outside /api (so not in the API docs):
 * - `GET /sitemap.xml` → 200 application/xml: a urlset, or a sitemap index over 50,000 URLs;
 * - `GET /sitemaps/pages.xml`, `GET /sitemaps/products-{n}.xml` → 200 the parts of that index, 404
 *   when the sitemap is not split or the part does not exist;
 * - `GET /robots.txt` → 200 text/plain;
 * - `GET /deals.rss`, `GET /categories/{key}.rss` → 200 application/rss+xml; 404 for an unknown key.
 * Sitemaps and feeds are cached by catalogue version and for at most ten minutes (owners' category
 * pages change without a catalogue write); a feed also no longer than its first Amazon price may be
 * shown (the licence's 24 hours, docs/decisions/0014-amazon-data-24h.md).
 * The service, with the `sitemap` and `feed` packages, loads on the first crawler request rather
 * than with the server (DESIGN.md §7 "Cold start").
 */
import type { App, AppDeps } from '../../app-deps';
import { catalogueVersionOf } from '../../catalogue-version';
import { VersionedCache } from '../../http/answer-cache';
import { createListingCaches, withPriceView } from '../products';
import type { SitemapPart } from './seo.service';

const TEN_MINUTES_MS = 10 * 60_000;

/** seo.service.ts, loaded once on first use. */
const seoService = () => import('./seo.service');

/** Registers the crawler routes; reads `deps.database`, `deps.env` (PUBLIC_URL, AFFILIATE_TAG) and `deps.clock`. */
export async function seoRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const publicUrl = deps.env.PUBLIC_URL;
  const nowMs = () => deps.clock().getTime();
  const { counts } = createListingCaches(db, undefined, nowMs);
  const cache = new VersionedCache<string>(catalogueVersionOf(db), { maxEntries: 100, maxBytes: 64 * 1024 * 1024 }, (s) => s.length, nowMs);
  const cached = (key: string, produce: Parameters<typeof cache.get>[1]) =>
    cache.get(`${key}|${Math.floor(nowMs() / TEN_MINUTES_MS)}`, produce);
  const notFound = (url: string) => ({ error: 'Not Found', message: `No route for GET ${url}` });

  const sitemap = (part: SitemapPart) =>
    cached(`sitemap:${JSON.stringify(part)}`, async () => (await seoService()).sitemapXml(db, publicUrl, part));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await sitemap({ kind: 'root' })),
  );
  app.get('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const products = /^products-(\d{1,6})\.xml$/.exec(file);
    const part: SitemapPart | null =
      file === 'pages.xml' ? { kind: 'pages' } : products ? { kind: 'products', n: Number(products[1]) } : null;
    const xml = part ? await sitemap(part) : null;
    if (xml === null) return reply.status(404).send(notFound(request.url));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send((await seoService()).robotsTxt(publicUrl)),
  );

  const feed = (key?: string) =>
    cached(`feed:${key ?? '*'}`, (life) =>
      withPriceView(deps.clock(), life, async (view) =>
        (await seoService()).dealsFeed(db, counts, deps.env.AFFILIATE_TAG, publicUrl, view, key),
      ),
    );
  app.get('/deals.rss', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await feed()),
  );
  app.get('/categories/:key.rss', { schema: { hide: true } }, async (request, reply) => {
    const rss = await feed((request.params as { key: string }).key);
    if (rss === null) return reply.status(404).send(notFound(request.url));
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(rss);
  });
}
