/**
 * Vite build of the shopper web app (DESIGN.md §2 "Front end", §7 budgets).
 *
 * - Entry: index.html → web/main.tsx; output dist/web, which the server serves with a
 *   single-page fallback (server/features/web/web.routes.ts).
 * - Dev server (`npm run dev:web`) proxies /api to the API on http://localhost:3000.
 * - Every text asset over 1 KiB also gets .br and .gz files (vite-plugin-compression2).
 * - Routes are lazy chunks (web/router.tsx) and recharts sits in its own lazy chunk, so the
 *   first load stays under 150 KiB of gzipped JS.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/**
 * react-router 7 resolves to its development build under every condition Vite uses (its package's
 * `exports` send `import` and `default` to dist/development). The production build drops the dev
 * checks and warnings: in a profile of a product page's first load (4× CPU slowdown) the development
 * build's evaluation and first render were the largest JavaScript cost (issue 7 "Pages").
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [] },
  // Precompressed .br and .gz beside every text asset (issue 7): the server sends them as they are
  // (@fastify/static preCompressed), so no request pays for compression.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Warn when one chunk passes 400 kB before gzip. The largest is recharts (≈ 380 kB, 106 KiB
    // gzipped), loaded only with the price-history chart; the first-load budget (≤ 150 KiB gzipped,
    // DESIGN.md §7) is measured by web/scripts/first-load-size.ts.
    chunkSizeWarningLimit: 400,
    // dist/web/.vite/manifest.json: the server reads it to modulepreload the lazy chunk of the
    // requested route (server/features/web/web.routes.ts).
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/go': 'http://localhost:3000' },
  },
}));
