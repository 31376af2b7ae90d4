/**
 * SQL of the products API (DESIGN.md §2 "Search"; issue 28, docs/decisions/0026-search-relevance.md).
 * Keyword search uses the GIN index on products.search_vector (`@@ to_tsquery('english', …)` of the
 * texts search-query.ts builds) and ranks only the rows it matched; typo tolerance reads the word
 * dictionary search_words by trigram similarity (pg_trgm); suggestions use the GIN index on
 * products.suggest_vector with a prefix tsquery. Every user value is a bound parameter (drizzle's
 * `sql` template), never spliced into the text.
 */
import { and, asc, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { nameStatement, type Db } from '../../db/client';
import { priceObservations, products, searchWords, shopperVisible } from '../../db/schema/catalogue.schema';
import type { ProductRow } from './product-shape';
import { originalPricePenceSql } from '../prices';

/** The columns of {@link ProductRow}; never the tsvector columns (large, useless to the API). */
export const productColumns = {
  id: products.id,
  asin: products.asin,
  title: products.title,
  pricePence: products.pricePence,
  listPricePence: products.listPricePence,
  savingBasisType: products.savingBasisType,
  observedHigh30dPence: products.observedHigh30dPence,
  observedLow30dPence: products.observedLow30dPence,
  referencePricePence: products.referencePricePence,
  lowestIn30Days: products.lowestIn30Days,
  priceBadges: products.priceBadges,
  imageUrl: products.imageUrl,
  rating: products.rating,
  reviewCount: products.reviewCount,
  category: products.category,
  categoryName: products.categoryName,
  brand: products.brand,
  features: products.features,
  priceAsOf: products.priceAsOf,
  priceSource: products.priceSource,
};

/** What a search keeps (all conditions AND-ed). Money in pence. */
export interface SearchFilter {
  /**
   * The tsquery texts of a keyword search (search-query.ts `tsqueriesOf`: `match` retrieves,
   * `all` marks the products matching every term, `any` ranks by how many terms a product names);
   * null browses without keywords.
   */
  text: SearchText | null;
  maxPricePence: number;
  /** 0 keeps every rating; otherwise rated products below it are dropped (unrated ones stay). */
  minRating: number;
  /** A stored category key ('electronics', 'other', …); null for all categories. */
  category: string | null;
  discountOnly: boolean;
}

/** The to_tsquery('english', …) texts of a keyword search (search-query.ts builds them). */
export interface SearchText {
  match: string;
  all: string;
  any: string;
}

/**
 * Result orders; every one ends with `id` so pages are stable. 'rank' is the database's half of
 * the relevance order (search-rank.ts re-orders its first rows); 'discount' is the substantiated
 * discount percent, largest first, products without one last.
 */
export type SearchOrder = 'rank' | 'trending' | 'price-asc' | 'price-desc' | 'rating' | 'discount';

/** Bound parameters of the prepared search statements (values come from {@link searchValues}). */
const param = {
  match: sql.placeholder('match'),
  all: sql.placeholder('all'),
  any: sql.placeholder('any'),
  maxPricePence: sql.placeholder('maxPricePence'),
  minRating: sql.placeholder('minRating'),
  category: sql.placeholder('category'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
};

/**
 * The english tsquery of a text bound to `placeholder`, as a scalar sub-select, which PostgreSQL
 * evaluates once per statement (an InitPlan): in a generic plan (a named statement, decision 0017)
 * the bare call would be parsed again for every row it is compared with.
 */
function tsquery(placeholder: Placeholder): SQL {
  return sql`(select to_tsquery('english', ${placeholder}))`;
}

/**
 * The substantiated-discount condition: the pricing module's (prices/original-price.sql.ts
 * hasSubstantiatedSavingSql), read from its stored copy `has_saving` (migration 0029), on which the
 * planner keeps statistics: with the expression it guessed a third of the catalogue had a saving
 * and walked an ordered index to its end on a feed where few have one (0.6–2.5 s at 1M products).
 */
const hasSubstantiatedDiscount = sql<boolean>`${products.hasSaving}`;

/**
 * The substantiated discount percent (null without one), as the card's badge rounds it. Migration
 * 0028's products_listing_[category_]discount_idx hold this very expression (decision 0039): change
 * it, or the original price it reads, only with a migration that rebuilds them
 * (products.listing-order.test.ts fails when the 'discount' order no longer reads its index).
 */
const discountPercentSql = sql`round((${originalPricePenceSql} - ${products.pricePence}) * 100.0 / nullif(${originalPricePenceSql}, 0))`;

/** True when the product matches every term of the keyword search. */
const matchesAllSql = sql<boolean>`(${products.searchVector} @@ ${tsquery(param.all)})`;

/** Which conditions a filter uses: one prepared statement per shape (at most 16 shapes × 6 orders). */
function shapeOf(filter: SearchFilter): string {
  return [filter.text !== null, filter.minRating > 0, filter.category !== null, filter.discountOnly].map((b) => (b ? 1 : 0)).join('');
}

/** The shape of a keyword search's filter: its keyword condition always present, whatever `filter.text` holds. */
function keywordShapeOf(filter: SearchFilter): string {
  return shapeOf({ ...filter, text: { match: '', all: '', any: '' } });
}

/** The conditions of `shape`; without the keyword condition when `withText` is false (the caller writes its own). */
function whereOf(shape: string, withText = true): SQL | undefined {
  const [hasText, minRating, category, discountOnly] = shape.split('').map((c) => c === '1');
  const conditions: SQL[] = [shopperVisible, lte(products.pricePence, param.maxPricePence)];
  if (hasText && withText) conditions.push(sql`${products.searchVector} @@ ${tsquery(param.match)}`);
  // Most of the real catalogue has no rating (DESIGN.md §5): unrated products are not excluded.
  if (minRating) conditions.push(sql`(${products.rating} is null or ${products.rating} >= ${param.minRating})`);
  if (category) conditions.push(eq(products.category, param.category));
  if (discountOnly) conditions.push(hasSubstantiatedDiscount);
  return and(...conditions);
}

/** One key of a result order: the value ordered by, descending or not, nulls last or not. */
interface SortKey {
  value: SQL;
  descending: boolean;
  nullsLast?: boolean;
}

/**
 * The keys of `order` (every order ends with `id`). With keywords every order starts with the
 * products that match every term (then those naming only the head term), unless `tiered` is false
 * (the caller writes its own tier); 'rank' goes on with ts_rank over the terms (title A = 1, brand
 * B = 0.4, category name C = 0.2, features D = 0.1).
 */
function sortKeysOf(order: SearchOrder, hasText: boolean, tiered = hasText): SortKey[] {
  const byId: SortKey = { value: sql`${products.id}`, descending: false };
  const byTrending: SortKey = { value: sql`${products.trendingScore}`, descending: true };
  const tier: SortKey[] = hasText && tiered ? [{ value: matchesAllSql, descending: true }] : [];
  switch (order) {
    case 'rank':
      return hasText
        ? [...tier, { value: sql`ts_rank(${products.searchVector}, ${tsquery(param.any)})`, descending: true }, byTrending, byId]
        : [byTrending, byId];
    case 'trending':
      return [byTrending, byId];
    case 'price-asc':
      return [...tier, { value: sql`${products.pricePence}`, descending: false }, byId];
    case 'price-desc':
      return [...tier, { value: sql`${products.pricePence}`, descending: true }, byId];
    case 'rating':
      return [
        ...tier,
        { value: sql`${products.rating}`, descending: true, nullsLast: true },
        { value: sql`${products.reviewCount}`, descending: true, nullsLast: true },
        byId,
      ];
    case 'discount':
      return [...tier, { value: discountPercentSql, descending: true, nullsLast: true }, byTrending, byId];
  }
}

/** `value` ordered as `key` says. */
function orderBy(value: SQL, key: SortKey): SQL {
  return sql`${value} ${sql.raw(key.descending ? 'desc' : 'asc')}${sql.raw(key.nullsLast ? ' nulls last' : '')}`;
}

/** The ORDER BY terms of `order` ({@link sortKeysOf}). */
function orderOf(order: SearchOrder, hasText: boolean, tiered = hasText): SQL[] {
  return sortKeysOf(order, hasText, tiered).map((key) => orderBy(key.value, key));
}

/** The placeholder values of a search (unused ones are ignored by the statement). */
export function searchValues(filter: SearchFilter, offset: number, limit: number): Record<string, unknown> {
  return {
    match: filter.text?.match ?? null,
    all: filter.text?.all ?? null,
    any: filter.text?.any ?? null,
    maxPricePence: filter.maxPricePence,
    minRating: filter.minRating,
    category: filter.category,
    offset,
    limit,
  };
}

/**
 * Drizzle statements built once per database and shape: building Drizzle's SQL on every request
 * cost about a fifth of a keyword search on PGlite (bench/search.bench.ts). Values stay bound
 * parameters. They are prepared *unnamed* (`UNNAMED`) on purpose: a named server-side statement on
 * PostgreSQL may switch to a generic plan, which cannot see how selective a tsquery is and could
 * walk the whole trending index for a rare word; unnamed statements are planned with their values.
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

export const UNNAMED = '';

/** The statement built once per database under `name` (prepared unnamed, see above). */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build()));
  return statement;
}

/** The prepared page statement of a listing without keywords, for this filter's shape and `order`. */
export function searchPageStatement(db: Db, filter: SearchFilter, order: SearchOrder) {
  const shape = shapeOf(filter);
  const name = `products_page_${shape}_${order.replace('-', '_')}`;
  return prepared(db, name, () =>
    db
      .select(productColumns)
      .from(products)
      .where(whereOf(shape))
      .orderBy(...orderOf(order, filter.text !== null))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(UNNAMED),
  );
}

/** The prepared count statement for this filter's shape (the same conditions as the page), to {@link LISTING_COUNT_CAP} + 1. */
export function searchCountStatement(db: Db, filter: SearchFilter) {
  const shape = shapeOf(filter);
  const name = `products_count_${shape}`;
  return prepared(db, name, () =>
    db
      .select({ n: countToSql(db, whereOf(shape), LISTING_COUNT_CAP + 1).as('n') })
      .from(sql`(select 1) as one`)
      .prepare(UNNAMED),
  );
}

/**
 * Listings without keywords (a category, every product, today's deals' products) count at most this
 * many products (issue 31; docs/decisions/0047-listing-counts-capped.md): past it the answer says
 * "over 10,000" (`totalCapped`). An exact count read every product of the listing: 0.29–0.67 s
 * each at 1M products on PostgreSQL alone (a category of 207,394; all 1,000,000), seconds under load,
 * once per filter after every catalogue change; to the cap, 2–24 ms. 10,000 is 500 pages of 20, far
 * past where anyone pages, and holds every listing of today's real catalogue (3,870 products) exactly.
 */
export const LISTING_COUNT_CAP = 10_000;

/**
 * Keyword searches count at most this many products (issue 31; docs/decisions/0040): past it the
 * answer says "over 1,000" (`totalCapped`). An exact count reads every product naming the head term
 * (a tenth of the catalogue for "black" or "accessories": 150–280 ms at 1M products on PostgreSQL),
 * and the search page shows at most 100 (spec §9: 10 pages of 10), as big shops answer "over 50,000".
 */
export const KEYWORD_COUNT_CAP = 1_000;

/**
 * The candidate pool of the relevance order (issue 31; docs/decisions/0040): the most trending
 * products naming the head term (of the first {@link KEYWORD_SAMPLE} the index finds), this many,
 * and as many of the products matching every term (the first the index finds). Only they are ranked (ts_rank, then search-rank.ts on the first 100), so
 * an uncached search no longer ranks every match (at 1M products "batteries" names 38,474). Every
 * judged query of bench/relevance retrieves fewer on the real catalogue, so its order there is
 * unchanged (nDCG@10 0.905, measured).
 */
export const KEYWORD_POOL = 200;

/**
 * How many products naming the head term the trending pool is chosen from: the first this many the
 * GIN index finds (decision 0040). Walking the trending index instead costs the pool size divided
 * by how often the word occurs among the most trending products, which no estimate knows: after a
 * price check had raised the trending scores of a few kinds of product, it visited hundreds of
 * thousands of rows for some words (statement p95 135 ms, maximum 365 ms at 1M products).
 */
export const KEYWORD_SAMPLE = 2_000; // > KEYWORD_COUNT_CAP: keywordCandidatesStatement counts from the sample (tested)

/**
 * The english tsquery of a bound text as a plain call (not {@link tsquery}'s sub-select): PostgreSQL
 * plans an unnamed statement with its values and estimates how many rows a constant tsquery matches
 * from the column's statistics, so a count to the cap reads a rare word from the GIN index and
 * scans for a common one only until the cap is reached.
 */
function plainTsquery(placeholder: Placeholder): SQL {
  return sql`to_tsquery('english', ${placeholder})`;
}

/**
 * How many products of `shape` match the bound tsquery `placeholder`, counting at most
 * {@link KEYWORD_COUNT_CAP} + 1 (one more than the cap says "more than"), as a scalar sub-select.
 */
function cappedCountSql(db: Db, shape: string, placeholder: Placeholder): SQL<number> {
  return countToSql(db, and(whereOf(shape, false), sql`${products.searchVector} @@ ${plainTsquery(placeholder)}`), KEYWORD_COUNT_CAP + 1);
}

/**
 * How many products match `where`, counting at most `most` (a scan stops there), as a scalar
 * sub-select: the one capped count of keyword totals (decision 0040) and listing totals (0047).
 */
export function countToSql(db: Db, where: SQL | undefined, most: number): SQL<number> {
  const counted = db
    .select({ one: sql`1`.as('one') })
    .from(products)
    .where(where)
    .limit(most);
  return sql<number>`(select count(*)::int from (${counted}) as counted)`;
}

/** The capped counts every keyword row carries: the retrieved products, and those matching every term. */
function keywordTotals(db: Db, shape: string) {
  return {
    total: sql<number>`${cappedCountSql(db, shape, param.match)}`.as('total'),
    totalAll: sql<number>`${cappedCountSql(db, shape, param.all)}`.as('total_all'),
  };
}

/**
 * A row of {@link findKeywordSearchPage}: the product, whether it matches every term, and the totals
 * (each at most {@link KEYWORD_COUNT_CAP} + 1).
 */
export type KeywordSearchRow = ProductRow & { matchesAll: boolean; total: number; totalAll: number };

/**
 * The statement of a keyword search page in `order` with its totals, in one statement (issue 7;
 * docs/decisions/0017-uncached-search.md: one round trip, one parse and plan): the rows of `match`
 * (the retrieved products) in `order`, each carrying whether it matches `all` and the capped counts
 * of both (the count the service would otherwise run apart). Built once per filter shape and order
 * (see {@link prepared}); planned with its values on both databases (its counts' best plan depends
 * on how common the words are, decision 0040).
 */
export function keywordSearchStatement(db: Db, filter: SearchFilter, order: SearchOrder) {
  const shape = keywordShapeOf(filter);
  // A one-term search's products all match every term, so its tier need not evaluate the tsquery
  // again for each of them (154,225 rows for a word at 1M products; decision 0048). It keeps a tier
  // all the same, one no index holds, so that the matches are read from the GIN index and sorted:
  // the window (keywordWindowStatement) runs first, and when it cannot fill the page the word is
  // rare among the first products of the order, where walking that order's index could read most
  // of the table.
  const oneTerm = filter.text !== null && filter.text.all === filter.text.match;
  const name = `products_keyword_page_${shape}_${order.replace('-', '_')}${oneTerm ? '_one' : ''}`;
  const tier = oneTerm ? sql<boolean>`(${products.searchVector} is not null)` : matchesAllSql;
  return prepared(db, name, () =>
    db
      .select({
        ...productColumns,
        matchesAll: (oneTerm ? sql<boolean>`true` : matchesAllSql).as('matches_all'),
        ...keywordTotals(db, shape),
      })
      .from(products)
      .where(whereOf(shape))
      .orderBy(sql`${tier} desc`, ...orderOf(order, true, false))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(UNNAMED),
  );
}

/**
 * The products a keyword page in an order of its own (price, rating, discount, trending: not
 * relevance) is first looked for among: this many, or 20 per product up to the page's end if more
 * (decision 0048, {@link keywordWindowStatement}).
 */
export const KEYWORD_WINDOW = 2_000;

/** How many products {@link keywordWindowStatement} reads for the page ending at `end` (offset + limit). */
export function keywordWindowSize(end: number): number {
  return Math.max(KEYWORD_WINDOW, 20 * end);
}

/**
 * The statement of a keyword page in `order` (not 'rank') read from a window (decision 0048): the
 * first `window` products of the listing without keywords in that order (what
 * {@link searchPageStatement} reads, from the same indexes), then those of them matching every
 * term, in that order, `limit` from `offset`, with the totals of {@link keywordSearchStatement}.
 * Every product outside the window comes after every product inside it, so **when the page is full
 * it is exactly the full statement's page** (its products all match every term, which come first
 * there too); when it is not, the caller asks {@link keywordSearchStatement}. A price sort of a
 * word in 15 % of 1M products read all 154,225 of them and sorted them (442 ms); the window reads
 * 2,000 rows of the price index. The tsquery is a plain call (planned with its value).
 */
export function keywordWindowStatement(db: Db, filter: SearchFilter, order: SearchOrder) {
  const shape = keywordShapeOf(filter);
  const name = `products_keyword_window_${shape}_${order.replace('-', '_')}`;
  return prepared(db, name, () => {
    const keys = orderOf(order, false);
    const inWindow = db
      .select({
        ...productColumns,
        searchVector: products.searchVector,
        position: sql<number>`row_number() over (order by ${sql.join(keys, sql`, `)})`.as('position'),
      })
      .from(products)
      .where(whereOf(shape, false))
      .orderBy(...keys)
      .limit(sql.placeholder('window'))
      .as('in_window');
    const columns = Object.fromEntries(Object.keys(productColumns).map((key) => [key, inWindow[key as keyof typeof productColumns]])) as {
      [K in keyof typeof productColumns]: (typeof inWindow)[K];
    };
    return db
      .select({ ...columns, matchesAll: sql<boolean>`true`.as('matches_all'), ...keywordTotals(db, shape) })
      .from(inWindow)
      .where(sql`${inWindow.searchVector} @@ ${plainTsquery(param.all)}`)
      .orderBy(asc(inWindow.position))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(UNNAMED);
  });
}

/**
 * One page of a keyword search in `order` (not 'rank') from the window of
 * {@link keywordWindowStatement}, or null when the window does not fill it (then only
 * {@link findKeywordSearchPage} knows the page).
 */
export async function findKeywordWindowPage(
  db: Db,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
  window = keywordWindowSize(offset + limit),
): Promise<KeywordSearchRow[] | null> {
  const rows = await keywordWindowStatement(db, filter, order).execute({ ...searchValues(filter, offset, limit), window });
  return rows.length === limit ? rows : null;
}

/** A retrieved product as search-rank.ts reads it, with the totals of its search. */
export type KeywordCandidateRow = {
  id: number;
  title: string;
  /** The stored category key ('electronics', 'other', …). */
  category: string;
  categoryName: string | null;
  brand: string | null;
  matchesAll: boolean;
  /** Products naming the head term, at most {@link KEYWORD_COUNT_CAP} + 1 counted. */
  total: number;
  /** Products matching every term, at most {@link KEYWORD_COUNT_CAP} + 1 counted. */
  totalAll: number;
};

/**
 * The statement of a keyword search's candidates for re-ranking (search-rank.ts), decision 0040: a
 * pool of the {@link KEYWORD_POOL} most trending of the first {@link KEYWORD_SAMPLE} products naming
 * the head term and the first {@link KEYWORD_POOL} found matching every term; from it the first `limit` in the database's
 * relevance order (matching every term first, then ts_rank over the terms, trending, id), only what
 * the ranking reads (id, title, category, category name, brand), each with the totals (the head
 * term's counted to {@link KEYWORD_COUNT_CAP} + 1; every term's from the same scan as its pool).
 * The pool holds every match while a search retrieves at most {@link KEYWORD_POOL}. Prepared per
 * filter shape and for one-term searches apart (one pool, one count); planned with its values on
 * both databases (never named on PGlite: see {@link plainTsquery}).
 */
export function keywordCandidatesStatement(db: Db, filter: SearchFilter) {
  const oneTerm = filter.text !== null && filter.text.all === filter.text.match;
  const shape = keywordShapeOf(filter);
  const name = `products_keyword_candidates_${shape}${oneTerm ? '_one' : ''}`;
  return prepared(db, name, () => {
    // The most trending of the first KEYWORD_SAMPLE products naming the head term (in the table's
    // order: a bitmap heap scan and a sequential scan both read it so), and the first products
    // matching every term (one past the cap, so their number is counted from the same scan).
    // Bounded however many match, and products matching every term come first whenever there are
    // some. The head term's tsquery is a plain call with its value (plainTsquery), so the planner
    // knows how common the word is: a bitmap index scan reads a word's whole posting list before
    // the heap scan can stop at the sample, 94 ms for a word in 85 % of 1M products, where a
    // sequential scan stops after about 2,400 rows (4 ms); a rare word is still read from the
    // index (decision 0047). The sample has no order, so no ordered index is walked for it.
    //
    // The sample is a CTE read twice: for the pool, and for the capped count of the products naming
    // the head term. Since it holds min(matches, KEYWORD_SAMPLE) rows under the count's very
    // conditions and KEYWORD_SAMPLE > KEYWORD_COUNT_CAP, min(its size, cap + 1) is the capped count
    // exactly; a count of its own scanned the same posting list and heap pages a second time
    // (about a third of the statement at 1M products, decision 0044).
    const sample = db.$with('sample').as(
      db
        .select({ id: products.id, trendingScore: products.trendingScore })
        .from(products)
        .where(and(whereOf(shape, false), sql`${products.searchVector} @@ ${plainTsquery(param.match)}`))
        .limit(KEYWORD_SAMPLE),
    );
    const trendingPool = sql`array(${db.select({ id: sample.id }).from(sample).orderBy(desc(sample.trendingScore), asc(sample.id)).limit(KEYWORD_POOL)})`;
    const allFound = db.$with('all_found').as(
      db
        .select({
          ids: sql<number[]>`array(${db
            .select({ id: products.id })
            .from(products)
            .where(and(whereOf(shape, false), sql`${products.searchVector} @@ ${plainTsquery(param.all)}`))
            .limit(KEYWORD_COUNT_CAP + 1)})`.as('ids'),
        })
        .from(sql`(select 1) as one`),
    );
    const pool = oneTerm
      ? trendingPool
      : sql`${trendingPool} || (select ${allFound.ids}[1:${sql.raw(String(KEYWORD_POOL))}] from ${allFound})`;
    const total = sql<number>`(select least(count(*), ${sql.raw(String(KEYWORD_COUNT_CAP + 1))})::int from ${sample})`;
    const matchesAll = oneTerm ? sql<boolean>`true` : matchesAllSql;
    return (oneTerm ? db.with(sample) : db.with(allFound, sample))
      .select({
        id: products.id,
        title: products.title,
        category: products.category,
        categoryName: products.categoryName,
        brand: products.brand,
        matchesAll: matchesAll.as('matches_all'),
        total: sql<number>`${total}`.as('total'),
        totalAll: sql<number>`${oneTerm ? total : sql`(select cardinality(${allFound.ids}) from ${allFound})`}`.as('total_all'),
      })
      .from(products)
      .where(sql`${products.id} = any(${pool})`)
      .orderBy(
        ...(oneTerm ? [] : [sql`${matchesAll} desc`]),
        sql`ts_rank(${products.searchVector}, ${tsquery(param.any)}) desc`,
        desc(products.trendingScore),
        asc(products.id),
      )
      .limit(param.limit)
      .offset(param.offset)
      .prepare(UNNAMED);
  });
}

/**
 * One page of a keyword search (`filter.text` not null) in `order`, each row with whether it
 * matches every term and the totals of its search (none when the page is empty: the caller counts
 * when it is past the end).
 */
export async function findKeywordSearchPage(
  db: Db,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<KeywordSearchRow[]> {
  return keywordSearchStatement(db, filter, order).execute(searchValues(filter, offset, limit));
}

/** The first `limit` candidates (from `offset`) of a keyword search for re-ranking, with its totals. */
export async function findKeywordCandidates(db: Db, filter: SearchFilter, offset: number, limit: number): Promise<KeywordCandidateRow[]> {
  return keywordCandidatesStatement(db, filter).execute(searchValues(filter, offset, limit));
}

/** The statement of {@link findProductsByIds} (a named statement on PGlite: its only plan is the primary key). */
export function productsByIdsStatement(db: Db) {
  return prepared(db, 'products_by_ids', () => {
    const built = db
      .select(productColumns)
      .from(products)
      .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::bigint[])`, shopperVisible))
      .prepare(UNNAMED);
    nameStatement(db, built.getQuery().sql, 'products_by_ids');
    return built;
  });
}

/** The products with these ids (any order; ids not found are missing). */
export async function findProductsByIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsByIdsStatement(db).execute({ ids: [...ids] });
}

/** One page of products matching `filter` (no keywords) in `order`; `offset` and `limit` count rows. */
export async function findSearchPage(
  db: Db,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  return searchPageStatement(db, filter, order).execute(searchValues(filter, offset, limit));
}

/** How many products match `filter` (no keywords), at most {@link LISTING_COUNT_CAP} + 1 counted. */
export async function countSearch(db: Db, filter: SearchFilter): Promise<number> {
  const [row] = await searchCountStatement(db, filter).execute(searchValues(filter, 0, 0));
  return Number(row?.n ?? 0);
}

/**
 * How many products a keyword search (`filter.text` not null) retrieves, at most
 * {@link KEYWORD_COUNT_CAP} + 1 counted (a page past the end carries no totals).
 */
export async function countKeywordSearch(db: Db, filter: SearchFilter): Promise<number> {
  const shape = keywordShapeOf(filter);
  const statement = prepared(db, `products_keyword_count_${shape}`, () =>
    db
      .select({ n: sql<number>`${cappedCountSql(db, shape, param.match)}`.as('n') })
      .from(sql`(select 1) as one`)
      .prepare(UNNAMED),
  );
  const [row] = await statement.execute(searchValues(filter, 0, 0));
  return Number(row?.n ?? 0);
}

/**
 * Words of the catalogue's dictionary (search_words, migration 0018) like `word` by trigram
 * similarity (pg_trgm; at least `threshold`, 0–1), most similar first, at most `limit`.
 */
export async function findSimilarWords(
  db: Db,
  word: string,
  threshold: number,
  limit: number,
): Promise<Array<{ word: string; similarity: number }>> {
  const statement = prepared(db, 'search_words_similar', () =>
    db
      .select({
        word: searchWords.word,
        similarity: sql<number>`similarity(${searchWords.word}, ${sql.placeholder('word')})`.mapWith(Number),
      })
      .from(searchWords)
      .where(
        and(
          sql`${searchWords.word} % ${sql.placeholder('word')}`,
          sql`similarity(${searchWords.word}, ${sql.placeholder('word')}) >= ${sql.placeholder('threshold')}`,
        ),
      )
      .orderBy(sql`similarity(${searchWords.word}, ${sql.placeholder('word')}) desc`, asc(searchWords.word))
      .limit(sql.placeholder('limit'))
      .prepare(UNNAMED),
  );
  return statement.execute({ word, threshold, limit });
}

/** Which of `words` the catalogue's dictionary holds. */
export async function knownWords(db: Db, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const statement = prepared(db, 'search_words_known', () =>
    db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} = any(${sql.placeholder('words')}::text[])`)
      .prepare(UNNAMED),
  );
  return new Set((await statement.execute({ words: [...words] })).map((r) => r.word));
}

/** Whether the dictionary holds a word starting with `prefix` (a half-typed word). */
export async function hasWordStartingWith(db: Db, prefix: string): Promise<boolean> {
  const statement = prepared(db, 'search_words_prefix', () =>
    db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(and(sql`${searchWords.word} >= ${sql.placeholder('from')}`, sql`${searchWords.word} < ${sql.placeholder('to')}`))
      .limit(1)
      .prepare(UNNAMED),
  );
  const rows = await statement.execute({ from: prefix, to: `${prefix}\u{10FFFF}` });
  return rows.length > 0;
}

/**
 * Suggestions for a prefix tsquery built by buildPrefixTsquery (never raw user text as syntax):
 * the most trending titles first, then id; at most `limit` (the candidates suggestion-rank.ts
 * re-orders, so each row carries what search-rank.ts reads: id, title, category name, brand).
 * Prepared once per database.
 */
export function suggestionsStatement(db: Db) {
  return prepared(db, 'products_suggestions', () =>
    db
      .select({
        id: products.id,
        categoryName: products.categoryName,
        brand: products.brand,
        asin: products.asin,
        title: products.title,
        pricePence: products.pricePence,
        imageUrl: products.imageUrl,
        priceAsOf: products.priceAsOf,
        priceSource: products.priceSource,
      })
      .from(products)
      .where(and(sql`${products.suggestVector} @@ to_tsquery('simple', ${sql.placeholder('prefixTsquery')})`, shopperVisible))
      .orderBy(desc(products.trendingScore), asc(products.id))
      .limit(sql.placeholder('limit'))
      .prepare(UNNAMED),
  );
}

/** Runs the suggestions statement. */
export async function findSuggestions(db: Db, prefixTsquery: string, limit: number) {
  return suggestionsStatement(db).execute({ prefixTsquery, limit });
}

/** The substantiated original price in SQL: the pricing module's (prices/original-price.sql.ts). */
const originalPricePence = originalPricePenceSql;

/**
 * The licence's 24 hours in SQL (amazon-licence.rules.ts): the row's price is a feed's, or Amazon's
 * observed after `freshSince` (= now − 24 h, amazonFreshSince). For listings whose point is the price
 * (top discounted, Under £15), so a product whose price may not be shown is left out.
 */
export function priceShowableSql(freshSince: Date): SQL {
  return sql`(${products.priceSource} <> 'creators-api' or ${products.priceAsOf} > ${freshSince.toISOString()}::timestamptz)`;
}

/**
 * Products with the largest whole discount percent (as shown on the badge), then trending, then id;
 * only those whose price may be shown (Amazon's data observed after `freshSince`).
 */
export function selectTopDiscounted(db: Db, limit: number, freshSince: Date) {
  const percent = sql`round((${originalPricePence} - ${products.pricePence}) * 100.0 / ${originalPricePence})`;
  return db
    .select(productColumns)
    .from(products)
    .where(and(shopperVisible, sql`${products.pricePence} > 0`, hasSubstantiatedDiscount, priceShowableSql(freshSince)))
    .orderBy(sql`${percent} desc`, desc(products.trendingScore), asc(products.id))
    .limit(limit);
}

/**
 * The active product with this ASIN (an inactive one is undefined too: its page is a 404), or undefined. A named statement on PGlite (decision 0017: parsed
 * once; its only plan is the unique index on asin), so a product page costs no parse or plan.
 */
export async function findProductByAsin(db: Db, asin: string): Promise<ProductRow | undefined> {
  const statement = prepared(db, 'products_by_asin', () => {
    const built = db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.asin, sql.placeholder('asin')), shopperVisible))
      .limit(1)
      .prepare(UNNAMED);
    nameStatement(db, built.getQuery().sql, 'products_by_asin');
    return built;
  });
  const [row] = await statement.execute({ asin });
  return row;
}

/**
 * Price observations of a product observed at or after `since`, oldest first (pence, Date). A
 * named statement on PGlite, as {@link findProductByAsin} (its plan: price_observations_product_idx).
 */
export async function findPriceHistory(db: Db, productId: number, since: Date): Promise<Array<{ pricePence: number; observedAt: Date }>> {
  const statement = prepared(db, 'products_price_history', () => {
    const built = db
      .select({ pricePence: priceObservations.pricePence, observedAt: priceObservations.observedAt })
      .from(priceObservations)
      .where(
        and(eq(priceObservations.productId, sql.placeholder('productId')), gte(priceObservations.observedAt, sql.placeholder('since'))),
      )
      .orderBy(asc(priceObservations.observedAt), asc(priceObservations.id))
      .prepare(UNNAMED);
    nameStatement(db, built.getQuery().sql, 'products_price_history');
    return built;
  });
  return statement.execute({ productId, since });
}

/**
 * The newest observation of a product at or before `before` (pence, time), or undefined: the price
 * in effect when a history window opens, so a product last seen long ago still shows its dated
 * record (issue 27: a 2023 crawl's price is "last seen £X on 1 June 2023").
 */
export async function findObservationBefore(
  db: Db,
  productId: number,
  before: Date,
): Promise<{ pricePence: number; observedAt: Date } | undefined> {
  const [row] = await db
    .select({ pricePence: priceObservations.pricePence, observedAt: priceObservations.observedAt })
    .from(priceObservations)
    .where(and(eq(priceObservations.productId, productId), lte(priceObservations.observedAt, before)))
    .orderBy(desc(priceObservations.observedAt), desc(priceObservations.id))
    .limit(1);
  return row;
}
