/**
 * Cold start (DESIGN.md §7: `npm start` with existing data ≤ 2 s to first response) and the
 * shopper pages' first-load JavaScript (≤ 150 KiB gzipped).
 *
 * Cold start: starts the real server (`tsx server/main.ts`) once on a fresh DATA_DIR (creating
 * and migrating the embedded database), stops it, then starts it three more times on that data and
 * times each start from spawn to the first 200 from /api/health. tsx's own start-up is included,
 * as a person running `npm start` would see it (the web build check is not: it is skipped when the
 * build is current).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '../tests/e2e/support/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');

async function timedStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const server = await startServer({ PORT: String(port), DATA_DIR: dataDir });
  const ms = performance.now() - began;
  await server.stop();
  return ms;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cold-'));
  const first = await timedStart(dataDir);
  console.log(`  first start (creates and migrates the database): ${(first / 1000).toFixed(2)} s`);
  const again: number[] = [];
  for (let i = 0; i < 3; i++) again.push(await timedStart(dataDir));
  const best = Math.min(...again);
  const worst = Math.max(...again);
  console.log(
    `  start on existing data, 3 runs: best ${(best / 1000).toFixed(2)} s, worst ${(worst / 1000).toFixed(2)} s   budget ≤ 2 s   ${worst <= 2000 ? 'PASS' : 'MISS'}`,
  );

  if (!existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    console.log('  first-load JS: no build in dist/web (run `npm run build`); skipped.');
    return;
  }
  for (const route of ['home.route', 'search.route', 'deal.route']) {
    try {
      const out = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['web/scripts/first-load-size.ts', route], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      console.log(`  first-load JS, ${route}: ${out.trim().split('\n').pop()}`);
    } catch (error) {
      const out = String((error as { stdout?: string }).stdout ?? error);
      console.log(`  first-load JS, ${route}: ${out.trim().split('\n').pop()}`);
    }
  }
}
