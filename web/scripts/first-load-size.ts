/**
 * Measures the gzipped JavaScript a page loads first (DESIGN.md §7: shopper page first load
 * ≤ 150 KiB gzipped JS). Reads the built app in dist/web: the entry scripts of index.html, then the
 * lazy chunk of the named route and everything those import statically (lazy chunks such as the
 * chart are not counted: they load later, on demand).
 *
 * Usage: `npx vite build && npx tsx web/scripts/first-load-size.ts [route-chunk-prefix]`
 * (default `home.route`). Prints each file and the total in KiB; exits 1 above the budget.
 * To measure without replacing dist/ (others may be serving it), build elsewhere and name the
 * folder: `npx vite build --outDir /tmp/web && npx tsx web/scripts/first-load-size.ts --dist /tmp/web`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const DIST = path.resolve(process.cwd(), distAt >= 0 ? (args.splice(distAt, 2)[1] ?? 'dist/web') : 'dist/web');
const BUDGET_KIB = 150;
const routePrefix = args[0] ?? 'home.route';

/** Static imports of a built chunk: `import … from "./x.js"` and bare `import "./x.js"`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) found.add(match[1] as string);
  return [...found].map((rel) => rel.slice(2));
}

function collect(files: string[], seen: Set<string>): void {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    collect(staticImports(readFileSync(path.join(DIST, 'assets', file), 'utf8')), seen);
  }
}

const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
const route = readdirSync(path.join(DIST, 'assets')).find((f) => f.startsWith(`${routePrefix}-`) && f.endsWith('.js'));
if (!route) throw new Error(`no chunk named ${routePrefix}-*.js in ${DIST}/assets (run vite build first)`);

const seen = new Set<string>();
collect([...entry, route], seen);
let total = 0;
for (const file of [...seen].sort()) {
  const gz = gzipSync(readFileSync(path.join(DIST, 'assets', file))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KiB  ${file}`);
}
const kib = total / 1024;
console.log(
  `${kib.toFixed(2).padStart(8)} KiB  total gzipped JS for ${routePrefix} (budget ${BUDGET_KIB} KiB): ${kib <= BUDGET_KIB ? 'within budget' : 'OVER BUDGET'}`,
);
process.exitCode = kib <= BUDGET_KIB ? 0 : 1;
