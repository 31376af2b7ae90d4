/**
 * `npm run bench [-- name…]`: runs every `bench/*.bench.ts` in turn (or only those whose file name
 * contains one of the given names), each exporting `run(): Promise<void>` that prints its figures
 * (DESIGN.md §7). A benchmark that throws is reported and the next one runs; the exit code stays 0,
 * because budgets are measured here and never fail the build.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).filter((a) => a !== '--');

const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  // A name that is a whole bench's name picks that bench only ("load" is not "admin-upload"); any
  // other name picks every bench whose file name contains it.
  .filter(
    (f, _i, all) =>
      filters.length === 0 || filters.some((name) => (all.includes(`${name}.bench.ts`) ? f === `${name}.bench.ts` : f.includes(name))),
  )
  .sort();

if (files.length === 0) console.log(`No benchmark matches ${filters.join(', ') || '(any)'} in bench/.`);

for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
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
