/**
 * SQL of the products API (DESIGN.md §2 "Search"). Keyword search uses the GIN index on
 * products.search_vector (`@@ websearch_to_tsquery('english', …)`) and ranks only the rows it
 * matched; suggestions use the GIN index on products.suggest_vector with a prefix tsquery. Every
 * user value is a bound parameter (drizzle's `sql` template), never spliced into the text.
 */
import { and, asc, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { nameStatement, type Db } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import type { ProductRow } from './product-shape';

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
  /** websearch_to_tsquery text; null browses without a keyword filter. */
  keywords: string | null;
  /**
   * The keywords used for ts_rank: `keywords` without its excluded (`-word`) terms, because
   * ts_rank scores every row 1e-20 when the query holds a NOT. Ignored when `keywords` is null.
   */
  rankKeywords: string | null;
  maxPricePence: number;
  /** 0 keeps every rating; otherwise rated products below it are dropped (unrated ones stay). */
  minRating: number;
  /** A stored category key ('electronics', 'other', …); null for all categories. */
  category: string | null;
  discountOnly: boolean;
  /**
   * 'websearch' reads `keywords` as the shopper typed them (websearch_to_tsquery); 'prefix' reads
   * them as a prefix tsquery built by buildPrefixTsquery ("headph:*"), used when the whole words
   * match nothing, so a half-typed search still finds products.
   */
  keywordMode?: 'websearch' | 'prefix';
}

/** Result orders; every one ends with `id` so pages are stable. */
export type SearchOrder = 'rank' | 'trending' | 'price-asc' | 'price-desc' | 'rating';

/** Bound parameters of the prepared search statements (values come from {@link searchValues}). */
const param = {
  keywords: sql.placeholder('keywords'),
  rankKeywords: sql.placeholder('rankKeywords'),
  prefixKeywords: sql.placeholder('prefixKeywords'),
  maxPricePence: sql.placeholder('maxPricePence'),
  minRating: sql.placeholder('minRating'),
  category: sql.placeholder('category'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
};

/**
 * The english tsquery of the shopper's words (websearch syntax: quotes, `or`, `-word`), or of a
 * prefix tsquery ('prefix' mode; english stemming of "kettle:*" gives "kettl:*", which still matches).
 * `once` wraps it in a scalar sub-select, which PostgreSQL evaluates once per statement (an
 * InitPlan): in a generic plan (a named statement, decision 0017) the bare call would be parsed
 * again for every row ts_rank scores; a custom plan folds either form to a constant.
 */
function keywordQuery(keywords: Placeholder, prefix = false, once = false): SQL {
  const query = prefix ? sql`to_tsquery('english', ${keywords})` : sql`websearch_to_tsquery('english', ${keywords})`;
  return once ? sql`(select ${query})` : query;
}

/**
 * The substantiated-discount condition (DESIGN.md §4 "Honest prices"): a labelled list price or
 * our own 30-day high above the current price. Mirrors chooseOriginalPrice in product-shape.ts.
 */
const hasSubstantiatedDiscount = sql`(${products.listPricePence} > ${products.pricePence} or ${products.observedHigh30dPence} > ${products.pricePence})`;

/** Which conditions a filter uses: one prepared statement per shape (at most 16 × 5 orders). */
function shapeOf(filter: SearchFilter): string {
  return [filter.keywords !== null, filter.minRating > 0, filter.category !== null, filter.discountOnly, filter.keywordMode === 'prefix']
    .map((b) => (b ? 1 : 0))
    .join('');
}

/**
 * The conditions of `shape`; `keywords` is the placeholder the tsquery text is bound to, `once` as
 * in {@link keywordQuery}.
 */
function whereOf(shape: string, keywords: Placeholder = param.keywords, once = false): SQL | undefined {
  const [hasKeywords, minRating, category, discountOnly, prefix] = shape.split('').map((c) => c === '1');
  const conditions: SQL[] = [lte(products.pricePence, param.maxPricePence)];
  if (hasKeywords) conditions.push(sql`${products.searchVector} @@ ${keywordQuery(keywords, prefix, once)}`);
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
 * The keys of `order` (every order ends with `id`); `rankKeywords` is the placeholder of the
 * tsquery text ts_rank scores with ('rank' with keywords only), `once` as in {@link keywordQuery}.
 */
function sortKeysOf(
  order: SearchOrder,
  hasKeywords: boolean,
  prefix = false,
  rankKeywords: Placeholder = param.rankKeywords,
  once = false,
): SortKey[] {
  const byId: SortKey = { value: sql`${products.id}`, descending: false };
  const byTrending: SortKey = { value: sql`${products.trendingScore}`, descending: true };
  switch (order) {
    case 'rank':
      // ts_rank runs only on the rows the GIN index matched; title (weight A) outranks brand/category (B).
      return hasKeywords
        ? [
            { value: sql`ts_rank(${products.searchVector}, ${keywordQuery(rankKeywords, prefix, once)})`, descending: true },
            byTrending,
            byId,
          ]
        : [byTrending, byId];
    case 'trending':
      return [byTrending, byId];
    case 'price-asc':
      return [{ value: sql`${products.pricePence}`, descending: false }, byId];
    case 'price-desc':
      return [{ value: sql`${products.pricePence}`, descending: true }, byId];
    case 'rating':
      return [
        { value: sql`${products.rating}`, descending: true, nullsLast: true },
        { value: sql`${products.reviewCount}`, descending: true, nullsLast: true },
        byId,
      ];
  }
}

/** `value` ordered as `key` says. */
function orderBy(value: SQL, key: SortKey): SQL {
  return sql`${value} ${sql.raw(key.descending ? 'desc' : 'asc')}${sql.raw(key.nullsLast ? ' nulls last' : '')}`;
}

function orderOf(order: SearchOrder, hasKeywords: boolean, prefix = false): SQL[] {
  return sortKeysOf(order, hasKeywords, prefix).map((key) => orderBy(key.value, key));
}

/** The placeholder values of a search (unused ones are ignored by the statement). */
export function searchValues(filter: SearchFilter, offset: number, limit: number): Record<string, unknown> {
  return {
    keywords: filter.keywords,
    rankKeywords: filter.rankKeywords ?? filter.keywords,
    prefixKeywords: null,
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

/** The prepared page statement for this filter's shape and `order`. */
export function searchPageStatement(db: Db, filter: SearchFilter, order: SearchOrder) {
  const shape = shapeOf(filter);
  const name = `products_page_${shape}_${order.replace('-', '_')}`;
  return prepared(db, name, () =>
    db
      .select(productColumns)
      .from(products)
      .where(whereOf(shape))
      .orderBy(...orderOf(order, filter.keywords !== null, filter.keywordMode === 'prefix'))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(UNNAMED),
  );
}

/** The prepared count statement for this filter's shape (the same conditions as the page). */
export function searchCountStatement(db: Db, filter: SearchFilter) {
  const shape = shapeOf(filter);
  const name = `products_count_${shape}`;
  return prepared(db, name, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(whereOf(shape))
      .prepare(UNNAMED),
  );
}

/** A row of {@link findKeywordSearchPage}: the product and how many rows its branch matched. */
export type KeywordSearchRow = ProductRow & { total: number };

/**
 * The statement of a keyword search page (issue 7; docs/decisions/0017-uncached-search.md): what
 * used to take up to three statements (the page, the prefix fallback when the page was empty, the
 * count when the page was full) in one, so an uncached search pays one round trip to PGlite, one
 * parse and plan, and one GIN scan per tsquery:
 *
 * - `exact`: the page of `filter` (websearch keywords) in `order`, each row carrying
 *   `count(*) over ()`, the number of rows matching before LIMIT/OFFSET, which is the count the
 *   service used to run separately (the window reads the rows the ranking reads anyway);
 * - `fallback`: the same page for the prefix tsquery (placeholder `prefixKeywords`, also its rank
 *   query), run only when `exact` is empty (`not exists`: PostgreSQL checks it once, before
 *   scanning); a null `prefixKeywords` matches nothing;
 * - the two branches' rows, ordered again by the order's own keys (carried as `k0`…): at most one
 *   branch has rows, so this sorts at most `limit` rows and makes the order explicit.
 *
 * The tsqueries are sub-selects, evaluated once per statement (see {@link keywordQuery}). Built
 * once per filter shape and order (see {@link prepared}); on PGlite it then runs as a named
 * statement, parsed once, whose generic plan is the GIN scans every plan of it uses anyway (the
 * window count reads every match); on PostgreSQL it stays unnamed (client.ts nameStatement).
 */
export function keywordSearchStatement(db: Db, filter: SearchFilter, order: SearchOrder) {
  const shape = shapeOf({ ...filter, keywordMode: 'websearch' });
  const prefixShape = shapeOf({ ...filter, keywordMode: 'prefix' });
  const name = `products_keyword_page_${shape}_${order.replace('-', '_')}`;
  return prepared(db, name, () => {
    const branch = (where: SQL | undefined, keys: SortKey[]) => {
      const sortValues = Object.fromEntries(keys.map((key, i) => [`k${i}`, sql`${key.value}`.as(`k${i}`)]));
      return db
        .select({ ...productColumns, total: sql<number>`(count(*) over ())::int`.as('total'), ...sortValues })
        .from(products)
        .where(where)
        .orderBy(...keys.map((key, i) => orderBy(sql.raw(`"k${i}"`), key)))
        .limit(param.limit)
        .offset(param.offset);
    };
    const exact = db
      .$with('exact')
      .as(branch(whereOf(shape, param.keywords, true), sortKeysOf(order, true, false, param.rankKeywords, true)));
    const prefixKeys = sortKeysOf(order, true, true, param.prefixKeywords, true);
    const fallback = db
      .$with('fallback')
      .as(branch(and(whereOf(prefixShape, param.prefixKeywords, true), sql`not exists (select from ${exact})`), prefixKeys));
    const page = db.$with('page').as(db.select().from(exact).unionAll(db.select().from(fallback)));
    const fields = page as unknown as Record<string, SQL.Aliased | (typeof productColumns)[keyof typeof productColumns]>;
    const columns = Object.fromEntries(Object.keys(productColumns).map((key) => [key, fields[key]])) as unknown as typeof productColumns;
    const statement = db
      .with(exact, fallback, page)
      .select({ ...columns, total: fields.total as SQL.Aliased<number> })
      .from(page)
      .orderBy(...prefixKeys.map((key, i) => orderBy(sql`${fields[`k${i}`]}`, key)))
      .prepare(UNNAMED);
    // On PGlite it runs as a named statement (parsed once; its plan is always the GIN scans).
    nameStatement(db, statement.getQuery().sql, name);
    return statement;
  });
}

/**
 * One page of a keyword search (`filter.keywords` not null, websearch syntax) with its total: the
 * page of `filter`, or, when that page is empty, the page of `prefixKeywords` (a
 * buildPrefixTsquery text; null for none) with the other conditions of `filter`. Each row carries
 * the number of rows its query matched; no row means neither page has one (the caller counts when
 * the page is past the end).
 */
export async function findKeywordSearchPage(
  db: Db,
  filter: SearchFilter,
  prefixKeywords: string | null,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<KeywordSearchRow[]> {
  return keywordSearchStatement(db, filter, order).execute({ ...searchValues(filter, offset, limit), prefixKeywords });
}

/** One page of products matching `filter` in `order`; `offset` and `limit` count rows. */
export async function findSearchPage(
  db: Db,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  return searchPageStatement(db, filter, order).execute(searchValues(filter, offset, limit));
}

/** How many products match `filter`. */
export async function countSearch(db: Db, filter: SearchFilter): Promise<number> {
  const [row] = await searchCountStatement(db, filter).execute(searchValues(filter, 0, 0));
  return Number(row?.n ?? 0);
}

/**
 * Suggestions for a prefix tsquery built by buildPrefixTsquery (never raw user text as syntax):
 * the most trending titles first, then id; at most `limit`. Prepared once per database.
 */
export function suggestionsStatement(db: Db) {
  return prepared(db, 'products_suggestions', () =>
    db
      .select({
        asin: products.asin,
        title: products.title,
        pricePence: products.pricePence,
        imageUrl: products.imageUrl,
        priceAsOf: products.priceAsOf,
        priceSource: products.priceSource,
      })
      .from(products)
      .where(sql`${products.suggestVector} @@ to_tsquery('simple', ${sql.placeholder('prefixTsquery')})`)
      .orderBy(desc(products.trendingScore), asc(products.id))
      .limit(sql.placeholder('limit'))
      .prepare(UNNAMED),
  );
}

/** Runs the suggestions statement. */
export async function findSuggestions(db: Db, prefixTsquery: string, limit: number) {
  return suggestionsStatement(db).execute({ prefixTsquery, limit });
}

/**
 * The substantiated original price in SQL (as chooseOriginalPrice): the list price when above the
 * price, else the 30-day high when above it; null otherwise.
 */
const originalPricePence = sql`case when ${products.listPricePence} > ${products.pricePence} then ${products.listPricePence} when ${products.observedHigh30dPence} > ${products.pricePence} then ${products.observedHigh30dPence} end`;

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
    .where(and(sql`${products.pricePence} > 0`, hasSubstantiatedDiscount, priceShowableSql(freshSince)))
    .orderBy(sql`${percent} desc`, desc(products.trendingScore), asc(products.id))
    .limit(limit);
}

/**
 * The product with this ASIN, or undefined. A named statement on PGlite (decision 0017: parsed
 * once; its only plan is the unique index on asin), so a product page costs no parse or plan.
 */
export async function findProductByAsin(db: Db, asin: string): Promise<ProductRow | undefined> {
  const statement = prepared(db, 'products_by_asin', () => {
    const built = db
      .select(productColumns)
      .from(products)
      .where(eq(products.asin, sql.placeholder('asin')))
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
