/**
 * Relevance benchmark (issue 28; budgets: search nDCG@10 ≥ 0.85, alternatives P@5 ≥ 0.80): how well
 * the real search and the real alternatives rank, measured on the judged set in this folder
 * (search-judgments.json, alternatives-judgments.json; how they were graded: README.md here).
 *
 * On on-disk PGlite and on PostgreSQL side by side (a scratch database at BENCH_DATABASE_URL,
 * created and dropped): imports the real 2023 amazon.co.uk catalogue through the real importer
 * (importCatalogueAndCheckAlerts, then on PGlite the vacuum/analyse and checkpoint that
 * `npm run import` does), builds the real app and asks it, through app.inject, exactly what the
 * site asks:
 * - each judged query as the search page sends it (searchPageCriteria: page 1, 10 a page, sort
 *   'Featured', deals-only off) to POST /api/products/search;
 * - each judged source to GET /api/amazon/similar-items/{asin} (Creators API off: catalogue only).
 * Beside them, a plain BM25 baseline (scoring.ts: Okapi BM25, k1 1.2, b 0.75, no stemming) over
 * title + category name of the products the same import stored: for search the query text, for
 * alternatives the source's title over every other product.
 *
 * Prints per database a table of: search nDCG@10 (mean over answerable queries) beside its budget,
 * the no-answer queries (useful recovery = a product graded ≥ 1 among the first 10; other fields
 * the answer carries, such as a did-you-mean, are listed for a person to judge), alternatives P@5
 * (grade ≥ 1 counts as relevant; over what was shown, at most 5) beside its budget, R@5 and strict
 * P@5 (grade 2 only), the no-alternative sources (said none vs showed something), and how many
 * returned products have no judgment (a hint that the set needs extending, by reading the
 * catalogue, never by looking at ranks). Per-query and per-source lines follow for the first
 * database (BENCH_RELEVANCE_DETAIL=all for every database, =none for none). Asserts nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import type { App } from '../../server/app-deps';
import { openDatabase, type Database } from '../../server/db/client';
import { products } from '../../server/db/schema/catalogue.schema';
import { testEnv } from '../../server/env';
import { importCatalogueAndCheckAlerts } from '../../server/features/catalogue/catalogue-update.service';
import { CATALOGUE_TABLES, runMaintenance } from '../../server/jobs/maintenance.service';
import { createCatalogueSource } from '../../server/sources/catalogue.source';
import { searchPageCriteria, SEARCH_PAGE_SIZE } from '../../web/features/products/search-criteria';
import { REAL_CATALOGUE_FILE } from '../bench-data';
import { withScratchPostgres } from '../bench-postgres';
import {
  loadAlternativesJudgments,
  loadSearchJudgments,
  type AlternativesJudgments,
  type AlternativesSourceJudgment,
  type SearchJudgments,
  type SearchQueryJudgment,
} from './judgments';
import { buildBm25Index, mean, ndcgAt, precisionAt, recallAt, relevantInTop, type Bm25Index } from './scoring';

/** Budgets (issue 28 "What must hold afterwards"). */
export const NDCG_BUDGET = 0.85;
export const PRECISION_BUDGET = 0.8;
const SEARCH_K = 10;
const ALTERNATIVES_K = 5;
/** Fields every search answer has; any other field is reported as a recovery hint. */
const SEARCH_BASE_FIELDS = new Set(['products', 'total', 'totalPages', 'page']);
/** Fields every similar-items answer has (alternatives.schema); anything else is listed too. */
const ALTERNATIVES_BASE_FIELDS = new Set([
  'products',
  'similarProducts',
  'originalProduct',
  'total',
  'sourceAsin',
  'isFallback',
  'analysis',
  'error',
  'message',
]);

const fixed = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : v.toFixed(3));
const verdict = (v: number, budget: number) => (v >= budget ? 'PASS' : 'MISS');

/** What one system answered for one query or source: ids best first, plus extra answer fields. */
interface Answer {
  ranking: string[];
  status: number;
  extra: Record<string, unknown>;
}

/** Search through the app as the search page calls it. */
async function siteSearch(app: App, query: string): Promise<Answer> {
  // SEARCH_PAGE_SIZE products a page, as the page shows them (k = 10 for nDCG@10).
  const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: searchPageCriteria(query, 'Featured', false, 1) });
  if (res.statusCode !== 200) return { ranking: [], status: res.statusCode, extra: {} };
  const body = res.json() as Record<string, unknown> & { products: { asin: string }[] };
  const extra = Object.fromEntries(Object.entries(body).filter(([k, v]) => !SEARCH_BASE_FIELDS.has(k) && v != null));
  return { ranking: body.products.map((p) => p.asin), status: 200, extra };
}

/** Alternatives through the app as the product page's dialog calls them. */
async function siteAlternatives(app: App, asin: string): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url: `/api/amazon/similar-items/${asin}` });
  if (res.statusCode !== 200) return { ranking: [], status: res.statusCode, extra: {} };
  const body = res.json() as Record<string, unknown> & { products: { asin: string }[] };
  const extra = Object.fromEntries(Object.entries(body).filter(([k, v]) => !ALTERNATIVES_BASE_FIELDS.has(k) && v != null));
  return { ranking: body.products.map((p) => p.asin), status: 200, extra };
}

interface SearchRow {
  q: SearchQueryJudgment;
  site: Answer;
  bm25: string[];
}
interface AlternativesRow {
  s: AlternativesSourceJudgment;
  site: Answer;
  bm25: string[];
}

/** Counts of returned ids that carry no judgment (first k of each answer). */
function unjudged(rows: { ranking: string[]; grades: Record<string, number> }[], k: number): number {
  return rows.reduce((n, r) => n + r.ranking.slice(0, k).filter((id) => !(id in r.grades)).length, 0);
}

interface Figures {
  ndcg: number;
  answerable: number;
  recoveryUseful: number;
  recoveryNoise: number;
  recoveryNothing: number;
  hints: string[];
  precision: number;
  strictPrecision: number;
  recall: number;
  withAlternatives: number;
  saidNone: number;
  filled: number;
  noAlternative: number;
  unjudgedSearch: number;
  unjudgedAlternatives: number;
  errors: number;
}

function searchFigures(rows: SearchRow[], pick: (r: SearchRow) => Answer) {
  const answerable = rows.filter((r) => r.q.kind === 'answerable');
  const noAnswer = rows.filter((r) => r.q.kind === 'no-answer');
  const ndcg = mean(answerable.map((r) => ndcgAt(pick(r).ranking, r.q.grades, SEARCH_K) ?? 0));
  let useful = 0;
  let noise = 0;
  let nothing = 0;
  const hints: string[] = [];
  for (const r of noAnswer) {
    const a = pick(r);
    if (relevantInTop(a.ranking, r.q.grades, SEARCH_K, 1) > 0) useful += 1;
    else if (a.ranking.length > 0) noise += 1;
    else nothing += 1;
    if (Object.keys(a.extra).length > 0) hints.push(`"${r.q.query}": ${JSON.stringify(a.extra).slice(0, 160)}`);
  }
  const unjudgedCount = unjudged(
    rows.map((r) => ({ ranking: pick(r).ranking, grades: r.q.grades })),
    SEARCH_K,
  );
  const errors = rows.filter((r) => pick(r).status !== 200).length;
  return { ndcg, answerable: answerable.length, useful, noise, nothing, hints, unjudgedCount, errors };
}

function alternativesFigures(rows: AlternativesRow[], pick: (r: AlternativesRow) => Answer) {
  const withAlt = rows.filter((r) => r.s.kind === 'has-alternatives');
  const none = rows.filter((r) => r.s.kind === 'no-alternative');
  const precision = mean(withAlt.map((r) => precisionAt(pick(r).ranking, r.s.grades, ALTERNATIVES_K, 1)));
  const strictPrecision = mean(withAlt.map((r) => precisionAt(pick(r).ranking, r.s.grades, ALTERNATIVES_K, 2)));
  const recall = mean(withAlt.map((r) => recallAt(pick(r).ranking, r.s.grades, ALTERNATIVES_K, 1) ?? 0));
  const saidNone = none.filter((r) => pick(r).ranking.length === 0).length;
  const unjudgedCount = unjudged(
    rows.map((r) => ({ ranking: pick(r).ranking, grades: r.s.grades })),
    ALTERNATIVES_K,
  );
  const errors = rows.filter((r) => pick(r).status !== 200).length;
  return {
    precision,
    strictPrecision,
    recall,
    withAlternatives: withAlt.length,
    saidNone,
    filled: none.length - saidNone,
    noAlternative: none.length,
    unjudgedCount,
    errors,
  };
}

function figures(search: SearchRow[], alternatives: AlternativesRow[], which: 'site' | 'bm25'): Figures {
  const s = searchFigures(search, (r) => (which === 'site' ? r.site : { ranking: r.bm25, status: 200, extra: {} }));
  const a = alternativesFigures(alternatives, (r) => (which === 'site' ? r.site : { ranking: r.bm25, status: 200, extra: {} }));
  return {
    ndcg: s.ndcg,
    answerable: s.answerable,
    recoveryUseful: s.useful,
    recoveryNoise: s.noise,
    recoveryNothing: s.nothing,
    hints: s.hints,
    precision: a.precision,
    strictPrecision: a.strictPrecision,
    recall: a.recall,
    withAlternatives: a.withAlternatives,
    saidNone: a.saidNone,
    filled: a.filled,
    noAlternative: a.noAlternative,
    unjudgedSearch: s.unjudgedCount,
    unjudgedAlternatives: a.unjudgedCount,
    errors: s.errors + a.errors,
  };
}

function printTable(site: Figures, bm25: Figures, noAnswer: number): void {
  const rows: [string, string, string, string][] = [
    [
      `search nDCG@${SEARCH_K} (${site.answerable} answerable queries)`,
      `≥ ${NDCG_BUDGET.toFixed(2)}`,
      `${fixed(site.ndcg)} ${verdict(site.ndcg, NDCG_BUDGET)}`,
      fixed(bm25.ndcg),
    ],
    [
      `no-answer queries (${noAnswer}): related product in first ${SEARCH_K} / other products only / nothing`,
      '—',
      `${site.recoveryUseful} / ${site.recoveryNoise} / ${site.recoveryNothing}`,
      `${bm25.recoveryUseful} / ${bm25.recoveryNoise} / ${bm25.recoveryNothing}`,
    ],
    [
      `alternatives P@${ALTERNATIVES_K}, grade ≥ 1 (${site.withAlternatives} sources)`,
      `≥ ${PRECISION_BUDGET.toFixed(2)}`,
      `${fixed(site.precision)} ${verdict(site.precision, PRECISION_BUDGET)}`,
      fixed(bm25.precision),
    ],
    [`alternatives P@${ALTERNATIVES_K}, grade 2 only`, '—', fixed(site.strictPrecision), fixed(bm25.strictPrecision)],
    [`alternatives R@${ALTERNATIVES_K} (relevant found / min(5, judged relevant))`, '—', fixed(site.recall), fixed(bm25.recall)],
    [
      `no-alternative sources (${site.noAlternative}): said none / showed products`,
      '—',
      `${site.saidNone} / ${site.filled}`,
      `${bm25.saidNone} / ${bm25.filled}`,
    ],
    [
      `returned products with no judgment (search first ${SEARCH_K} / alternatives first ${ALTERNATIVES_K})`,
      '—',
      `${site.unjudgedSearch} / ${site.unjudgedAlternatives}`,
      `${bm25.unjudgedSearch} / ${bm25.unjudgedAlternatives}`,
    ],
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['measure', 'budget', 'site', 'BM25'][i]!.length));
  const line = (cells: string[]) => `    ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`;
  console.log(line(['measure', 'budget', 'site (today)', 'BM25 baseline']));
  for (const r of rows) console.log(line(r));
  if (site.errors > 0) console.log(`    site answers that were not 200: ${site.errors} (scored as empty)`);
  if (site.hints.length > 0) {
    console.log("    extra fields in the site's answers to no-answer queries (judge by eye):");
    for (const h of site.hints) console.log(`      ${h}`);
  }
}

function printDetail(search: SearchRow[], alternatives: AlternativesRow[], titles: Map<string, string>): void {
  console.log(`\n    per query: nDCG@${SEARCH_K} site | BM25   (first three results of the site, with grades)`);
  for (const r of search) {
    const site = r.q.kind === 'answerable' ? fixed(ndcgAt(r.site.ranking, r.q.grades, SEARCH_K)) : 'n/a  ';
    const base = r.q.kind === 'answerable' ? fixed(ndcgAt(r.bm25, r.q.grades, SEARCH_K)) : 'n/a  ';
    const top = r.site.ranking
      .slice(0, 3)
      .map((id) => `${r.q.grades[id] ?? '?'}:${(titles.get(id) ?? id).slice(0, 28)}`)
      .join(' · ');
    console.log(`      ${r.q.id} ${r.q.query.padEnd(22)} ${site} | ${base}   ${top || '(nothing)'}`);
  }
  console.log(`\n    per source: P@${ALTERNATIVES_K} site | BM25   (what the site showed, with grades)`);
  for (const r of alternatives) {
    const site = fixed(precisionAt(r.site.ranking, r.s.grades, ALTERNATIVES_K, 1));
    const base = fixed(precisionAt(r.bm25, r.s.grades, ALTERNATIVES_K, 1));
    const shown = r.site.ranking
      .slice(0, ALTERNATIVES_K)
      .map((id) => `${r.s.grades[id] ?? '?'}:${(titles.get(id) ?? id).slice(0, 22)}`)
      .join(' · ');
    const source = (titles.get(r.s.asin) ?? r.s.asin).slice(0, 26);
    console.log(
      `      ${r.s.id} ${source.padEnd(26)} ${r.s.kind === 'no-alternative' ? '(none) ' : ''}${site} | ${base}   ${shown || '(none shown)'}`,
    );
  }
  const toJudge = [
    ...search.map((r) => ({ id: r.q.id, grades: r.q.grades, ids: [...r.site.ranking.slice(0, SEARCH_K), ...r.bm25] })),
    ...alternatives.map((r) => ({ id: r.s.id, grades: r.s.grades, ids: [...r.site.ranking.slice(0, ALTERNATIVES_K), ...r.bm25] })),
  ].flatMap((r) => [...new Set(r.ids)].filter((asin) => !(asin in r.grades)).map((asin) => `${r.id} ${asin} ${titles.get(asin) ?? ''}`));
  if (toJudge.length > 0) {
    console.log('\n    returned by the site or BM25 but not judged (grade them by reading the catalogue, as README.md says):');
    for (const line of toJudge) console.log(`      ${line.slice(0, 140)}`);
  }
}

async function measure(
  label: string,
  database: Database,
  judged: { search: SearchJudgments; alternatives: AlternativesJudgments },
  detail: boolean,
): Promise<void> {
  await database.migrate();
  const now = new Date();
  const env = testEnv({ LOG_LEVEL: 'silent' });
  const started = performance.now();
  const { report } = await importCatalogueAndCheckAlerts({ db: database.db, env, clock: () => now }, { filePath: REAL_CATALOGUE_FILE });
  if (report.fatalError) throw new Error(report.fatalError);
  if (database.kind === 'pglite') {
    await runMaintenance(database, CATALOGUE_TABLES);
    await database.query('checkpoint');
  }
  const importMs = performance.now() - started;

  const stored = await database.db
    .select({ asin: products.asin, title: products.title, categoryName: products.categoryName })
    .from(products);
  const titles = new Map(stored.map((p) => [p.asin, p.title]));
  const index: Bm25Index = buildBm25Index(stored.map((p) => ({ id: p.asin, text: `${p.title} ${p.categoryName ?? ''}` })));

  const app = await buildApp({
    database,
    env,
    clock: () => now,
    priceSource: createCatalogueSource(database.db),
    notifyOutbox: () => {},
  });
  try {
    const search: SearchRow[] = [];
    for (const q of judged.search.queries) {
      search.push({ q, site: await siteSearch(app, q.query), bm25: index.search(q.query, SEARCH_PAGE_SIZE).map((s) => s.id) });
    }
    const alternatives: AlternativesRow[] = [];
    for (const s of judged.alternatives.sources) {
      const title = titles.get(s.asin);
      const bm25 = title === undefined ? [] : index.search(title, ALTERNATIVES_K, new Set([s.asin])).map((x) => x.id);
      alternatives.push({ s, site: await siteAlternatives(app, s.asin), bm25 });
    }

    const judgedAsins = new Set([
      ...judged.search.queries.flatMap((q) => Object.keys(q.grades)),
      ...judged.alternatives.sources.flatMap((s) => [s.asin, ...Object.keys(s.grades)]),
    ]);
    const missing = [...judgedAsins].filter((a) => !titles.has(a)).length;
    const noAnswer = judged.search.queries.filter((q) => q.kind === 'no-answer').length;

    console.log(`  ${label}`);
    console.log(
      `    ${report.imported.toLocaleString('en-GB')} products imported in ${(importMs / 1000).toFixed(1)} s through the importer; ` +
        `${judgedAsins.size.toLocaleString('en-GB')} judged ASINs, ${missing} of them not stored (never returnable)`,
    );
    printTable(figures(search, alternatives, 'site'), figures(search, alternatives, 'bm25'), noAnswer);
    if (detail) printDetail(search, alternatives, titles);
  } finally {
    await app.close();
  }
}

export async function run(): Promise<void> {
  if (!existsSync(REAL_CATALOGUE_FILE)) {
    console.log(`  skipped: real data not found at ${REAL_CATALOGUE_FILE}`);
    return;
  }
  const judged = { search: loadSearchJudgments(), alternatives: loadAlternativesJudgments() };
  const detailMode = process.env.BENCH_RELEVANCE_DETAIL ?? 'first';
  console.log(
    `  ${judged.search.queries.length} judged queries, ${judged.alternatives.sources.length} judged sources (graded ${judged.search.gradedOn}); ` +
      `${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(2)}`,
  );
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-relevance-'));
  try {
    const pglite = await openDatabase({ dataDir: path.join(scratch, 'db') });
    try {
      await measure('PGlite on disk', pglite, judged, detailMode !== 'none');
    } finally {
      await pglite.close();
    }
    console.log('');
    await withScratchPostgres('bench_relevance', (postgres, host) =>
      measure(`PostgreSQL (${host})`, postgres, judged, detailMode === 'all'),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
