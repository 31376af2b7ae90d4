// Builds the server to JavaScript (issue 7 "Cold start"): server/main.ts and server/cli/*.cli.ts
// bundled by esbuild into dist/server (main.js, cli/import.cli.js…, shared chunks), packages left
// external (imported from node_modules at run time), with source maps. `npm start` then runs
// `node dist/server/main.js` instead of transpiling the TypeScript at every start with tsx.
//
// `node scripts/ensure-server-build.mjs` builds only when dist/server/main.js is missing or older
// than server/, common/, package.json or this script; `--force` always builds (`npm run build`).
// Files read at run time (server/db/migrations/*.sql, package.json, dist/web) stay where they are:
// the server finds them from the project root (server/project-root.ts).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain, isStale, ROOT } from './build-freshness.mjs';

const OUT_DIR = 'dist/server';

/** Builds dist/server when stale (or always with `force`); answers whether it built. */
export async function ensureServerBuild({ force = false } = {}) {
  const self = path.relative(ROOT, fileURLToPath(import.meta.url));
  if (!force && !isStale(`${OUT_DIR}/main.js`, ['server', 'common', 'package.json', self, 'scripts/build-freshness.mjs'])) return false;
  if (!force) console.log('Building the server (first start or changed sources)…');
  // Imported only when building: a start with a current build does not load esbuild.
  const esbuild = await import('esbuild');
  const cli = readdirSync(path.join(ROOT, 'server/cli'))
    .filter((f) => f.endsWith('.cli.ts'))
    .map((f) => `server/cli/${f}`);
  // A clean build only when asked (`npm run build`): a server already running from dist/server
  // still imports its lazy chunks (e-mail templates, the job queue) by their old names.
  if (force) rmSync(path.join(ROOT, OUT_DIR), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts', ...cli],
    outdir: OUT_DIR,
    outbase: 'server',
    bundle: true,
    // Code shared by the entry points, and the lazily imported modules (demo seed, e-mail
    // templates), go to chunks, so each stays loaded on demand as from source.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  });
  return true;
}

if (isMain(import.meta.url)) await ensureServerBuild({ force: process.argv.includes('--force') });
