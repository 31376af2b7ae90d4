/**
 * Serves the built React app from dist/web with a single-page fallback: any GET outside /api
 * that is not a file answers index.html, so client routes (/search, /deal-alerts…) load directly.
 * Unknown /api paths answer JSON 404.
 *
 * Caching (issue 7 "Pages"): hashed files under /assets are immutable for a year; the page itself
 * is `no-cache`, so a new build is picked up at once.
 *
 * First screen (issue 7 "Pages"): every page is a lazy route chunk (web/router.tsx), which the
 * browser would only discover after the app's script has run. The page served for a client route
 * therefore names, in its <head>, that route's chunk and the chunks it imports statically
 * (`<meta name="first-screen-modules">`, found in Vite's build manifest,
 * dist/web/.vite/manifest.json), which web/boot.ts preloads beside the app once the server's HTML
 * has been painted (decision 0009 addendum), and the GET answers the first screen needs
 * (`<link rel="preload" as="fetch">`: /api/config on every page, the product on /deals/{ASIN}).
 *
 * First HTML (issue 10 part 2; docs/decisions/0010-first-html.md): the page also carries that
 * path's `<title>`, meta description, canonical link, robots rule and JSON-LD, and the plain HTML
 * of its main content inside `<div id="root">` (server/features/seo/first-html.service.ts), which
 * the client's createRoot replaces. Paths no route covers answer 404 with the same page.
 */
import { feedLinksFor } from '../../../common/feed-links';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App, AppDeps } from '../../app-deps';
import { PROJECT_ROOT } from '../../project-root';
import { patternToRegExp } from '../../../common/page-meta';
import { routePatterns } from '../../../common/paths';
import { ASIN_PATTERN } from '../../../common/affiliate';
import { createFirstHtml, escapeHtml, type FirstHtml, type FirstHtmlAnswer } from '../seo';

export const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');

/** One chunk of Vite's build manifest (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The client routes whose first screen is hinted, with their lazy module as web/router.tsx
 * imports it (a key of the manifest) and, for a product page, the data it fetches first.
 */
const FIRST_SCREENS: ReadonlyArray<{ patterns: string[]; module: string; data?: (params: string[]) => string | undefined }> = [
  { patterns: [routePatterns.home, routePatterns.dealAlerts, routePatterns.todaysDeals], module: 'web/routes/home.route.tsx' },
  { patterns: [routePatterns.search], module: 'web/routes/search.route.tsx' },
  {
    patterns: [routePatterns.product],
    module: 'web/routes/deal.route.tsx',
    // web/features/products/api.ts fetches exactly this URL for the product page.
    data: ([asin]) => (asin && ASIN_PATTERN.test(asin) ? `/api/products/${asin}` : undefined),
  },
  { patterns: [routePatterns.deal, routePatterns.dealPreset], module: 'web/routes/deal-landing.route.tsx' },
  { patterns: [routePatterns.signup], module: 'web/routes/signup.route.tsx' },
];
/** Read by the shell on every page (web/lib/config.query.ts). */
const EVERY_PAGE_DATA = ['/api/config'];

const MATCHERS = FIRST_SCREENS.flatMap((screen) => screen.patterns.map((p) => ({ ...screen, re: patternToRegExp(p) })));

/** The built files a chunk imports statically, itself included, depth first. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The first-screen hints of `pathname` for the page's `<head>`: `<link rel="preload" as="fetch">` of
 * the data it reads first, and `<meta name="first-screen-modules" content="/assets/a.js …">` naming
 * the route's lazy chunk and the chunks it imports statically, without what index.html loads
 * already. The modules are not `modulepreload` links here: web/boot.ts preloads them after the
 * first paint, beside the app, so they never hold up the paint of the server's HTML (decision 0009
 * addendum).
 */
export function firstScreenLinks(manifest: Manifest | undefined, pathname: string): string {
  const links = EVERY_PAGE_DATA.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`);
  for (const screen of MATCHERS) {
    const match = screen.re.exec(pathname);
    if (!match) continue;
    if (manifest) {
      // index.html's entry (web/boot.ts) and the app it imports (web/main.tsx, whose own imports
      // Vite's preload helper fetches at once) are loaded anyway: only the route's own files are named.
      const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
      const loaded = new Set<string>();
      for (const key of [entry, ...(entry ? (manifest[entry]?.dynamicImports ?? []) : [])]) if (key) staticClosure(manifest, key, loaded);
      const modules = [...staticClosure(manifest, screen.module)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      if (modules.length > 0) links.push(`<meta name="first-screen-modules" content="${escapeHtml(modules.join(' '))}">`);
    }
    const data = screen.data?.(match.slice(1).map((p) => decodeURIComponent(p)));
    // credentials: 'include' as web/lib/http.client.ts sends it, or the browser fetches twice.
    if (data) links.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${data}">`);
    break;
  }
  return links.join('');
}

/**
 * `html` (the built index.html) with `page`'s head tags and main content: the `<title>` and meta
 * description replaced, canonical, robots, Open Graph and JSON-LD added to `<head>`, the content put
 * inside `<div id="root">`. Every value was escaped when `page` was built or is escaped here.
 */
export function injectFirstHtml(html: string, page: FirstHtml): string {
  const attr = escapeHtml;
  const head = [
    page.canonical ? `<link rel="canonical" href="${attr(page.canonical)}">` : '',
    page.robots ? `<meta name="robots" content="${attr(page.robots)}">` : '',
    `<meta property="og:site_name" content="Deal Alerts UK">`,
    `<meta property="og:title" content="${attr(page.title)}">`,
    `<meta property="og:description" content="${attr(page.description)}">`,
    page.canonical ? `<meta property="og:url" content="${attr(page.canonical)}">` : '',
    // Issue 30: the feeds of deal and category pages (common/feed-links.ts), as the app's head sets them.
    ...feedLinksFor(page.canonical).map((f) => `<link rel="alternate" type="${f.type}" title="${attr(f.title)}" href="${attr(f.href)}">`),
    ...page.jsonLd.map((block) => block.value),
  ].join('');
  // Function replacements: a `$` in a product title must not be read as a replacement pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${attr(page.description)}">`)
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body.value}</div>`);
}

/** `decodeURI(pathname)`, or `pathname` itself when it is not valid percent-encoding. */
function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** index.html and the manifest, read again whenever a new build replaces index.html. */
function pageTemplate(): (pathname: string, first?: FirstHtml) => string {
  let builtAt = -1;
  let html = '';
  let manifest: Manifest | undefined;
  return (pathname, first) => {
    const mtime = statSync(path.join(WEB_DIST, 'index.html')).mtimeMs;
    if (mtime !== builtAt) {
      html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
      manifest = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest) : undefined;
      builtAt = mtime;
    }
    const decoded = safeDecode(pathname);
    const hinted = html.replace('</head>', () => `${firstScreenLinks(manifest, decoded)}</head>`);
    return first ? injectFirstHtml(hinted, first) : hinted;
  };
}

export async function webRoutes(app: App, deps: AppDeps): Promise<void> {
  const serve = deps.serveWeb && existsSync(path.join(WEB_DIST, 'index.html'));
  const page = serve ? pageTemplate() : undefined;
  if (serve) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: true,
      // The page (`/`, /index.html and every client route) is answered by the not-found handler
      // below, with its first-screen hints.
      index: false,
      allowedPath: (pathName) => pathName !== '/' && pathName !== '/index.html',
      // The build writes .br and .gz beside each asset: sent with Content-Encoding when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; anything else (favicon…) is revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const firstHtml = createFirstHtml({
    db: deps.database.db,
    affiliateTag: deps.env.AFFILIATE_TAG,
    publicUrl: deps.env.PUBLIC_URL,
    company: { name: deps.env.COMPANY_NAME, address: deps.env.COMPANY_ADDRESS, email: deps.env.CONTACT_EMAIL },
    clock: deps.clock,
  });
  app.setNotFoundHandler(async (request, reply) => {
    const [url = '/', search = ''] = request.url.split('?');
    // A missing asset (an old build's chunk) is a 404, never the page in its place.
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/assets/') || request.method !== 'GET' || !page) {
      return reply.status(404).send({ error: 'Not Found', message: `No route for ${request.method} ${url}` });
    }
    const pathname = url === '/index.html' ? '/' : url;
    const answer = await firstAnswer(pathname, search);
    if (answer?.kind === 'redirect') return reply.redirect(answer.location, 301);
    return reply
      .status(answer?.page.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page(pathname, answer?.page));

    /** The first HTML of `pathname`, or null when it cannot be built (the plain page is sent then). */
    async function firstAnswer(pathname: string, query: string): Promise<FirstHtmlAnswer | null> {
      try {
        return await firstHtml(safeDecode(pathname), new URLSearchParams(query));
      } catch (error) {
        request.log.warn({ errorType: error instanceof Error ? error.name : typeof error }, 'first HTML not built; plain page sent');
        return null;
      }
    }
  });
}
