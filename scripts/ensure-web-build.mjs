// Builds the web app (vite build → dist/web) when it is missing or older than its sources, so
// `npm install && npm start` works on a fresh clone without a separate build step.
import { execSync } from 'node:child_process';
import { isMain, isStale, ROOT } from './build-freshness.mjs';

/** Runs `vite build` when dist/web/index.html is missing or older than web/, common/ or index.html. */
export function ensureWebBuild() {
  if (!isStale('dist/web/index.html', ['web', 'common', 'index.html', 'vite.config.ts'])) return;
  console.log('Building the web app (first start or changed sources)…');
  execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

if (isMain(import.meta.url)) ensureWebBuild();
