/**
 * What a catalogue change costs the answer caches (issue 31; docs/decisions/0046): how many of the
 * answers a shopper stream had cached are built again after each kind of change, and the server
 * time to answer the stream again. Before decision 0046 every change dropped every answer.
 *
 * Set-up, on each database (PostgreSQL in a scratch database and PGlite on disk, side by side): the
 * real catalogue imported by the importer and expanded to BENCH_CACHE_SCOPE_PRODUCTS products
 * (default 100,000; bench-data.ts), VACUUM ANALYZE, the real app (buildApp, a fixed clock so
 * product pages keep their minute). The stream is the load bench's shopper mix (load.bench.ts
 * shopperStream: listings, Zipf-distributed searches of the 400 commonest real title words, typed
 * suggestions, deal pages, product pages), BENCH_CACHE_SCOPE_REQUESTS requests (default 2,000),
 * sent one at a time through `app.inject` (no sockets) twice, so every cacheable answer is stored.
 * Each change is then made through the real code, the stream sent again, and every answer that
 * said `X-Answer-Cache: hit` on the warm pass but `miss` now is counted as rebuilt, once per distinct
 * request (method, path, body), in all and by kind (the stream repeats popular requests):
 * - **a price check's write**: 50 products drawn at random (seeded) get a new price through the
 *   prices service (setProductPrices + recordPrices in one catalogueTransaction that names every
 *   write), as the scheduled
 *   price check writes them;
 * - **an owner's rename** of one product (editProduct, as PATCH /api/admin/products/{asin}) drawn
 *   from the products the stream showed;
 * - **a change that names nothing** (noteCatalogueWrite without products: an import, a delete), as
 *   every change was before.
 * Between changes the stream is sent once more so the caches are warm again. Then, once, the drop
 * pass alone, timed on a full synthetic cache against the price check's logged change (dropPass). No
 * budget: the figures say how much of the cache a change keeps and what keeping it costs. Prints the machine's load average at each step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../server/app';
import { testEnv } from '../server/env';
import { openDatabase, type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { catalogueTransaction, noteCatalogueWrite, wordKey } from '../server/catalogue-version';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import { recordPrices, setProductPrices } from '../server/features/prices/prices.service';
import { editProduct } from '../server/features/catalogue-admin/catalogue-admin.service';
import { saveAdminAccount } from '../server/features/admin-auth/admin-auth.service';
import { ANSWER_CACHE_HEADER, ANSWER_CACHE_LIMITS, VersionedCache, type ChangeScope } from '../server/http/answer-cache';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';
import { expandCatalogue, importRealCatalogue } from './bench-data';
import { shopperStream, writeExpandedFeed, type LoadRequest } from './load.bench';
import { withScratchPostgres } from './bench-postgres';

const PRODUCTS = Math.max(5_000, Number(process.env.BENCH_CACHE_SCOPE_PRODUCTS) || 100_000);
const REQUESTS = Math.max(200, Number(process.env.BENCH_CACHE_SCOPE_REQUESTS) || 2_000);
/** Products one price-check write names (a scheduled check's batch). */
const PRICE_CHECK_PRODUCTS = 50;

const la = () => `[load ${loadavg()[0]?.toFixed(2)}]`;
const pct = (n: number, of: number) => (of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(1)} %`);

/** One pass of the stream: each request's cache header (undefined: not a cached answer or not 200) and the pass's wall time. */
async function pass(app: App, stream: readonly LoadRequest[]): Promise<{ outcomes: Array<string | undefined>; ms: number }> {
  const outcomes: Array<string | undefined> = [];
  const t0 = performance.now();
  for (const r of stream) {
    const res = await app.inject({
      method: r.method,
      url: r.path,
      ...(r.body ? { payload: r.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    const header = res.headers[ANSWER_CACHE_HEADER];
    outcomes.push(res.statusCode === 200 && typeof header === 'string' ? header : undefined);
  }
  return { outcomes, ms: performance.now() - t0 };
}

/**
 * Of the distinct requests (method, path and body) whose answer was a hit on the warm pass, how many
 * were built again after the change (the first time they were asked again), in all and by kind.
 */
function rebuiltByKind(stream: readonly LoadRequest[], warm: Array<string | undefined>, after: Array<string | undefined>) {
  const byKind = new Map<string, { cached: number; rebuilt: number }>();
  const seen = new Set<string>();
  let cached = 0;
  let rebuilt = 0;
  stream.forEach((r, i) => {
    const key = `${r.method} ${r.path} ${r.body ?? ''}`;
    if (warm[i] !== 'hit' || seen.has(key)) return;
    seen.add(key);
    const k = byKind.get(r.kind) ?? { cached: 0, rebuilt: 0 };
    k.cached += 1;
    cached += 1;
    if (after[i] === 'miss') {
      k.rebuilt += 1;
      rebuilt += 1;
    }
    byKind.set(r.kind, k);
  });
  const kinds = [...byKind]
    .sort()
    .map(([kind, k]) => `${kind} ${k.rebuilt}/${k.cached}`)
    .join(', ');
  return { cached, rebuilt, kinds };
}

async function scenario(label: string, database: Database): Promise<void> {
  const now = new Date();
  const db = database.db;
  const t = performance.now();
  await importRealCatalogue(db, now);
  await expandCatalogue(db, { target: PRODUCTS, now });
  await database.query('VACUUM ANALYZE products');
  await database.query('VACUUM ANALYZE price_observations');
  const asins = rowsOf<{ asin: string }>(await db.execute(sql`select asin from products order by asin`)).map((r) => r.asin);
  console.log(
    `  ${label}: ${asins.length.toLocaleString('en-GB')} products ready in ${((performance.now() - t) / 1000).toFixed(1)} s ${la()}`,
  );
  const scratch = mkdtempSync(path.join(tmpdir(), 'cache-scope-'));
  const { words } = writeExpandedFeed(scratch);
  rmSync(scratch, { recursive: true, force: true });
  const stream = shopperStream(asins, words)(REQUESTS);
  const app = await buildApp({
    database,
    env: testEnv({ LOG_LEVEL: 'silent' }),
    clock: () => now,
    priceSource: createCatalogueSource(db),
    notifyOutbox: () => {},
  });
  try {
    await app.ready();
    const first = await pass(app, stream);
    const warm = await pass(app, stream);
    const cacheable = warm.outcomes.filter((o) => o !== undefined).length;
    const hits = warm.outcomes.filter((o) => o === 'hit').length;
    const distinct = new Set(stream.map((r) => `${r.method} ${r.path} ${r.body ?? ''}`)).size;
    console.log(
      `    ${REQUESTS.toLocaleString('en-GB')} shopper requests, one at a time: first pass ${(first.ms / 1000).toFixed(1)} s, warm pass ${(warm.ms / 1000).toFixed(2)} s; ${distinct} distinct requests; ${hits} of ${cacheable} cacheable answers hit on the warm pass ${la()}`,
    );
    const random = seededRandom(4646);
    const draw = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    await saveAdminAccount(db, 'bench-owner@example.com', 'bench-owner-password-1', now);
    const [admin] = rowsOf<{ id: number }>(
      await db.execute(sql`select id::int as id from admin_users where email = 'bench-owner@example.com'`),
    );
    const shownAsins = [...new Set(stream.filter((r) => r.kind === 'product').map((r) => r.path.split('/').pop() as string))];

    const changes: Array<{ name: string; apply: () => Promise<void> }> = [
      {
        name: `a price check's write of ${PRICE_CHECK_PRODUCTS} products`,
        apply: async () => {
          const picked = new Set<string>();
          while (picked.size < PRICE_CHECK_PRODUCTS) picked.add(draw(asins));
          const rows = rowsOf<{ id: number; asin: string; price: number; list: number | null; basis: string | null }>(
            await db.execute(sql`select id::int as id, asin, price_pence as price, list_price_pence as list, saving_basis_type as basis
                                 from products where asin = any(${sql.param([...picked])}::text[])`),
          );
          await catalogueTransaction(
            db,
            async (tx) => {
              const priced = rows.map((r) => ({ ...r, next: Math.max(50, Math.round(r.price * 0.9)) }));
              await setProductPrices(
                tx,
                priced.map((r) => ({
                  productId: r.id,
                  pricePence: r.next,
                  listPricePence: r.list,
                  savingBasisType: r.basis,
                  observedAt: now,
                  source: 'creators-api',
                })),
                now,
              );
              await recordPrices(
                tx,
                priced.map((r) => ({
                  productId: r.id,
                  asin: r.asin,
                  pricePence: r.next,
                  listPricePence: r.list,
                  source: 'creators-api',
                  observedAt: now,
                })),
                now,
              );
            },
            { namesEveryWrite: true },
          );
        },
      },
      {
        name: "an owner's rename of one product the stream shows",
        apply: async () => {
          const asin = draw(shownAsins);
          const outcome = await editProduct(db, 'bench-21', admin?.id as number, asin, { title: `Renamed for the bench ${asin}` }, now);
          if (!outcome.ok) throw new Error(`the rename failed: ${JSON.stringify(outcome)}`);
        },
      },
      { name: 'a change that names nothing (an import, a delete; every change before decision 0046)', apply: () => noteCatalogueWrite(db) },
    ];
    let priceCheckWords: string[] = [];
    for (const change of changes) {
      const before = await pass(app, stream); // warm again after the previous change
      await change.apply();
      if (priceCheckWords.length === 0) {
        const [logged] = rowsOf<{ words: string[] | null }>(
          await db.execute(sql`select words from catalogue_changes order by version desc limit 1`),
        );
        priceCheckWords = logged?.words ?? [];
      }
      const after = await pass(app, stream);
      const { cached, rebuilt, kinds } = rebuiltByKind(stream, before.outcomes, after.outcomes);
      console.log(
        `    after ${change.name}: ${rebuilt} of ${cached} distinct cached answers rebuilt (${pct(rebuilt, cached)}); the stream took ${(after.ms / 1000).toFixed(2)} s against ${(before.ms / 1000).toFixed(2)} s warm ${la()}`,
      );
      console.log(`      rebuilt/cached by kind: ${kinds}`);
    }
    if (label === 'PostgreSQL') {
      const keys = [...new Set(words.map((w) => wordKey(w)))];
      const drop = await dropPass(keys, asins, priceCheckWords);
      console.log(
        `    the drop pass alone (no database): a full cache of ${ANSWER_CACHE_LIMITS.maxEntries.toLocaleString('en-GB')} entries (2 word keys of the stream's words and 10 ASINs each) meets the price check's logged change (${PRICE_CHECK_PRODUCTS} ASINs, ${priceCheckWords.length.toLocaleString('en-GB')} word keys): median ${drop.median.toFixed(1)} ms, worst ${drop.worst.toFixed(1)} ms of 20 rounds, ${drop.kept.toLocaleString('en-GB')} entries kept ${la()}`,
      );
    }
  } finally {
    await app.close();
  }
}

/**
 * The drop pass alone (VersionedCache, no database): a full answer cache (ANSWER_CACHE_LIMITS'
 * 5,000 entries, each depending on 2 word keys and 10 ASINs drawn from `keys` and `asins`) meets
 * one change naming 50 ASINs and `scopeWords` word keys; the first lookup after the change pays for
 * the pass. Median and worst of 20 rounds, ms.
 */
async function dropPass(
  keys: readonly string[],
  asins: readonly string[],
  scopeWords: readonly string[],
): Promise<{ median: number; worst: number; kept: number }> {
  const random = seededRandom(4747);
  const draw = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const times: number[] = [];
  let kept = 0;
  for (let round = 0; round < 20; round += 1) {
    const log = new Map<number, ChangeScope>();
    const source = {
      value: 1,
      current: async () => source.value,
      changesBetween: (from: number, to: number) => (to === from + 1 && log.has(to) ? [log.get(to) as ChangeScope] : null),
    };
    const cache = new VersionedCache<string>(source, ANSWER_CACHE_LIMITS, () => 2_000);
    for (let i = 0; i < ANSWER_CACHE_LIMITS.maxEntries; i += 1)
      await cache.get(`k${i}`, async (life) => {
        life.dependsOn({ words: [draw(keys), draw(keys)], asins: Array.from({ length: 10 }, () => draw(asins)) });
        return 'answer';
      });
    log.set(2, { asins: Array.from({ length: PRICE_CHECK_PRODUCTS }, () => draw(asins)), words: scopeWords });
    source.value = 2;
    const t0 = performance.now();
    await cache.get('k0', async () => 'again');
    times.push(performance.now() - t0);
    kept = cache.stats().entries;
  }
  times.sort((x, y) => x - y);
  return { median: times[Math.floor(times.length / 2)] as number, worst: times[times.length - 1] as number, kept };
}

/** Runs the scenario on PostgreSQL (scratch database) and on PGlite on disk. */
export async function run(): Promise<void> {
  console.log(
    `  machine: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1/5/15 min); ${PRODUCTS.toLocaleString('en-GB')} products, ${REQUESTS} requests`,
  );
  await withScratchPostgres('bench_cache_scope', async (database) => {
    await database.migrate();
    await scenario('PostgreSQL', database);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cache-scope-pglite-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await scenario('PGlite (on disk)', database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
