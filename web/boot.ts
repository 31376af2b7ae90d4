/**
 * Browser entry (index.html; issue 7 "Pages", decision 0009 addendum): the stylesheet, then the app
 * after the first paint.
 *
 * The server's first HTML already shows the page's heading and content (decision 0010), so no
 * script is needed to paint it. The app (web/main.tsx: React, the router, the page) is imported
 * once the browser has painted that HTML (the frame after `requestAnimationFrame`), so its ≈ 110 KiB
 * of gzipped JavaScript never competes with the HTML and the stylesheet for the first paint. At the
 * same moment, the modules of the requested route's first screen, named by the server in
 * `<meta name="first-screen-modules" content="/assets/a.js /assets/b.js">`
 * (server/features/web/web.routes.ts), are fetched beside it (`modulepreload`), so the route's
 * lazy chunk is not a second round trip. A page that is not visible (a background tab, where
 * animation frames do not run) starts after 1 s instead.
 */
import './app.css';

/** The server's list of the first screen's modules (absolute /assets/ paths), or none. */
function firstScreenModules(): string[] {
  const content = document.querySelector('meta[name="first-screen-modules"]')?.getAttribute('content') ?? '';
  return content.split(' ').filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href));
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main');
  // In a task of its own, so neither task grows long.
  setTimeout(() => {
    for (const href of firstScreenModules()) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }, 0);
}

// rAF runs just before the next paint; a task queued from it runs after that paint.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
