/**
 * `npm run bench [-- name…]`: runs every `bench/*.bench.ts` and `bench/<folder>/*.bench.ts` in turn
 * (or only those whose file name contains one of the given names), each exporting
 * `run(): Promise<void>` that prints its figures (DESIGN.md §7; the relevance bench and its judged
 * set live in bench/relevance/). A benchmark that throws is reported and the next one runs; the exit code stays 0,
 * because budgets are measured here and never fail the build.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** Other names a bench answers to: `npm run bench -- saved-searches` runs saved-search.bench.ts (issue 30). */
const ALIASES: Readonly<Record<string, string>> = { 'saved-searches': 'saved-search' };
/**
 * Names that stand for several benches. `scale` is issue 31's whole set ("Ten times the work"): the
 * growth curve, several instances, and the click analytics at 10,000,000 clicks
 * (BENCH_ANALYTICS_CLICKS defaults to 10M when the analytics bench runs as part of it).
 */
const GROUPS: Readonly<Record<string, readonly string[]>> = { scale: ['scale-growth', 'scale-instances', 'analytics'] };
const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.includes('scale')) process.env.BENCH_ANALYTICS_CLICKS ??= '10000000';
const filters = args.flatMap((a) => GROUPS[a] ?? [ALIASES[a] ?? a]);

/** Paths relative to bench/: top-level benches and those one folder down (bench/relevance/…). */
const found = readdirSync(benchDir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory()
    ? readdirSync(path.join(benchDir, entry.name))
        .filter((f) => f.endsWith('.bench.ts'))
        .map((f) => `${entry.name}/${f}`)
    : entry.name.endsWith('.bench.ts')
      ? [entry.name]
      : [],
);
const baseName = (f: string) => path.basename(f);
const files = found
  // A name that is a whole bench's name picks that bench only ("load" is not "admin-upload"); any
  // other name picks every bench whose file name contains it.
  .filter(
    (f, _i, all) =>
      filters.length === 0 ||
      filters.some((name) =>
        all.some((g) => baseName(g) === `${name}.bench.ts`) ? baseName(f) === `${name}.bench.ts` : baseName(f).includes(name),
      ),
  )
  .sort();

if (files.length === 0) console.log(`No benchmark matches ${filters.join(', ') || '(any)'} in bench/.`);

for (const file of files) {
  const name = baseName(file).replace(/\.bench\.ts$/, '');
  console.log(`\n=== ${name} (bench/${file}) ===\n`);
  const started = performance.now();
  try {
    const mod = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') {
      console.log(`  bench/${file} exports no run() function; skipped.`);
      continue;
    }
    await mod.run();
  } catch (error) {
    console.log(`  ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  console.log(`\n  (${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
