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

/**
 * Packages bundled into dist/server instead of imported from node_modules at run time (issue 7
 * "Cold start"): pure JavaScript with many small modules, of which the server uses a few, so
 * bundling lets esbuild keep only those. `date-fns`'s index alone took 76 ms to import (it loads
 * every function), drizzle-orm's entry points about 40 ms. Only packages that no external package
 * imports in turn (a second copy would break their `instanceof` and symbol checks), that read no
 * file of their own at run time and have no native code belong here: not zod (fastify's type
 * provider imports it), not PGlite (WebAssembly and data files), not fastify and its plugins.
 */
export const BUNDLED_PACKAGES = ['date-fns', '@date-fns/tz', 'drizzle-orm'];

/** The package name of a bare import specifier ('@scope/name/sub' → '@scope/name'), or null for a path. */
function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** An esbuild plugin: every bare import is external except those of `bundled` packages. */
function externalPackagesExcept(bundled) {
  const keep = new Set(bundled);
  return {
    name: 'external-packages-except',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageName(args.path);
        if (name === null || keep.has(name)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

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
    // Packages stay external (imported from node_modules at run time), except BUNDLED_PACKAGES.
    plugins: [externalPackagesExcept(BUNDLED_PACKAGES)],
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  });
  return true;
}

if (isMain(import.meta.url)) await ensureServerBuild({ force: process.argv.includes('--force') });
