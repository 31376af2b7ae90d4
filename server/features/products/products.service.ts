/**
 * The products API's rules (shopper-screens §3, §4, §7, §9; DESIGN.md §2 "Search", §4 "Honest
 * prices", §5): search criteria → filter and order, suggestions, top discounted, the stored current
 * price and the product page. Plain functions taking what they use; read-only, never a live call.
 */
import { getShopperCategory } from '../../../common/categories';
import { penceToPriceString, poundsToPence } from '../../../common/money';
import type {
  CurrentPriceResponse,
  ParsedSearchCriteria,
  Product,
  ProductDetailResponse,
  SearchResponse,
  Suggestion,
} from '../../../common/api/products.schema';
import type { Db } from '../../db/client';
import { amazonFreshSince } from './amazon-licence.rules';
import { buildPrefixTsquery } from './prefix-tsquery';
import {
  chooseOriginalPrice,
  publicPriceView,
  toProduct,
  toShownProduct,
  toSuggestion,
  withPriceView,
  type PriceView,
  type ProductRow,
} from './product-shape';
import type { ListingCaches } from './listing-cache';
import {
  findPriceHistory,
  findProductByAsin,
  countSearch,
  findKeywordSearchPage,
  findSearchPage,
  findSuggestions,
  priceShowableSql,
  productColumns,
  selectTopDiscounted,
  type SearchFilter,
  type SearchOrder,
} from './products.queries';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

/**
 * For other features that show catalogue products (category pages, Under £15, alternatives, the
 * first HTML): the columns of a product row (select them with Drizzle), the one mapping of a row
 * onto the API's Product with a given tag, the "was" price it shows (`chooseOriginalPrice`, also
 * stored with an outbound click), and the price views that apply the licence's 24 hours
 * to Amazon's data (product-shape.ts; docs/decisions/0014-amazon-data-24h.md): `publicPriceView` /
 * `withPriceView` for shoppers' answers, `toShownProduct` for the owners' pages, and
 * `priceShowableSql` / `amazonFreshSince` for a listing that must leave hidden prices out.
 */
export {
  amazonFreshSince,
  chooseOriginalPrice,
  priceShowableSql,
  productColumns,
  publicPriceView,
  toProduct,
  toShownProduct,
  withPriceView,
  type PriceView,
  type ProductRow,
};

/** Suggestions shown under the search box (shopper-screens §9: 6). */
export const SUGGESTION_LIMIT = 6;
/** Products answered by GET /api/amazon/top-discounted. */
export const TOP_DISCOUNTED_LIMIT = 20;
/** Days of price history on the product page. */
export const HISTORY_DAYS = 365;

/** Collapses case and spacing so "Kitchen  Home" equals the category's "kitchen home". */
function normaliseWords(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The keywords without websearch exclusions (`-word`, `-"a phrase"`), for ranking only; null when
 * nothing positive is left. "headphones -wired" → "headphones".
 */
export function positiveKeywords(keywords: string): string | null {
  const kept = keywords.replace(/(^|\s)-("[^"]*"?|\S+)/g, '$1').trim();
  return kept === '' ? null : kept;
}

/**
 * Turns parsed criteria into the SQL filter and order (shopper-screens §4 "Category selection",
 * §7 search calls):
 * - category 'trending' keeps every category and orders Featured by trending_score;
 *   'All'/'all'/'' keeps every category; a key (or 'other') keeps that category only.
 * - keywords equal to the chosen category's default keywords (the home page's category buttons
 *   send them) browse the category instead of filtering by text.
 * - Featured/Relevance rank keyword matches by ts_rank, and order browsing by trending_score.
 * - maxPrice (pounds) becomes pence; searchIndex and userEmail do not change the results.
 */
export function planSearch(criteria: ParsedSearchCriteria): { filter: SearchFilter; order: SearchOrder } {
  const trending = criteria.category === 'trending';
  const category =
    trending || criteria.category === 'All' || criteria.category === 'all' || criteria.category === '' ? null : criteria.category;
  // A dash standing alone ("Kettle - Black", common in Amazon titles and so in chosen suggestions)
  // is punctuation, not websearch's NOT; only "-word" excludes.
  const typed = criteria.keywords.replace(/(^|\s)-+(?=\s|$)/g, ' ').trim();
  let keywords: string | null = typed === '' ? null : typed;
  const shopperCategory = category ? getShopperCategory(category) : undefined;
  if (keywords !== null && shopperCategory && normaliseWords(keywords) === normaliseWords(shopperCategory.keywords)) keywords = null;
  const filter: SearchFilter = {
    keywords,
    rankKeywords: keywords === null ? null : positiveKeywords(keywords),
    maxPricePence: poundsToPence(criteria.maxPrice),
    minRating: criteria.minRating,
    category,
    discountOnly: criteria.discountOnly,
  };
  const byRelevance: SearchOrder = keywords !== null && !trending ? 'rank' : 'trending';
  const orders: Record<ParsedSearchCriteria['sortBy'], SearchOrder> = {
    Featured: byRelevance,
    Relevance: byRelevance,
    'Price:LowToHigh': 'price-asc',
    'Price:HighToLow': 'price-desc',
    AvgCustomerReviews: 'rating',
  };
  return { filter, order: orders[criteria.sortBy] };
}

/**
 * The exact total when the page itself proves it, else null: a short page (fewer rows than asked)
 * is the last one, so total = offset + rows; an empty first page means nothing matches. Saves the
 * count on most keyword searches (they seldom fill more than one page).
 */
export function totalFromPage(offset: number, limit: number, rowCount: number): number | null {
  if (rowCount < limit && (rowCount > 0 || offset === 0)) return offset + rowCount;
  return null;
}

/**
 * The total of a listing without keywords: from the page when it proves it, else from the
 * version-keyed count cache (their count reads up to every product; exact after every catalogue
 * write, listing-cache.ts), which runs a `count(*)` with the same conditions on a miss.
 */
async function totalOf(
  db: Db,
  caches: ListingCaches,
  filter: SearchFilter,
  offset: number,
  limit: number,
  rowCount: number,
): Promise<number> {
  const proven = totalFromPage(offset, limit, rowCount);
  if (proven !== null) return proven;
  return (await caches.counts.get(JSON.stringify(filter), () => countSearch(db, filter))) as number;
}

/** A page of rows and the number of products matching its query. */
interface PageWithTotal {
  rows: ProductRow[];
  total: number;
}

/** A listing without keywords: its page, and its total from the page or the count cache. */
async function browsePage(
  db: Db,
  caches: ListingCaches,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<PageWithTotal> {
  const rows = await findSearchPage(db, filter, order, offset, limit);
  return { rows, total: await totalOf(db, caches, filter, offset, limit, rows.length) };
}

/**
 * A keyword search's page and total in one statement (findKeywordSearchPage; decision 0017): the
 * whole words' page, or when it is empty the words read as prefixes ("headph" → headphones;
 * excluded words (-word) stay out, other websearch syntax only joins words there). When neither
 * has a row: 0 on the first page; past the end, the count of the query that was asked last (the
 * prefixes when there are any), as when these were separate statements.
 */
async function keywordPage(db: Db, filter: SearchFilter, order: SearchOrder, offset: number, limit: number): Promise<PageWithTotal> {
  const positive = filter.keywords === null ? null : positiveKeywords(filter.keywords);
  const prefixQuery = positive === null ? null : buildPrefixTsquery(positive);
  const found = await findKeywordSearchPage(db, filter, prefixQuery, order, offset, limit);
  const rows: ProductRow[] = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  const asked: SearchFilter =
    prefixQuery === null ? filter : { ...filter, keywords: prefixQuery, rankKeywords: prefixQuery, keywordMode: 'prefix' };
  return { rows, total: totalFromPage(offset, limit, 0) ?? (await countSearch(db, asked)) };
}

/**
 * The criteria with everything that cannot change the answer taken out, so equal questions share
 * one cached answer (issue 7): keywords trimmed, lower-cased (websearch_to_tsquery and the prefix
 * fallback ignore case, `or` included) with runs of white space as one space; `userEmail` and
 * `searchIndex` dropped (they change nothing, decision 0003). Defaults are already applied by the
 * route schema.
 */
export function normaliseCriteria(criteria: ParsedSearchCriteria): ParsedSearchCriteria {
  const { userEmail: _email, searchIndex: _index, ...kept } = criteria;
  return { ...kept, keywords: normaliseWords(criteria.keywords) };
}

/**
 * The cache key of a search answer: what the query runs on (planSearch's filter and order), the
 * page and the page size. Criteria that plan alike answer alike ('All' and '' as category, Featured
 * and Relevance, a category button's own keywords and none), so they share an entry.
 */
export function searchAnswerKey(criteria: ParsedSearchCriteria): string {
  const { filter, order } = planSearch(normaliseCriteria(criteria));
  return JSON.stringify([filter, order, criteria.page, criteria.itemCount]);
}

/**
 * POST /api/products/search. Answers one page of products plus `total` matches and
 * `totalPages` = ceil(total / itemCount); a page past the end is empty with the same totals.
 * Keywords that are only stop words ("the") match nothing. When whole words match nothing, the
 * words are read as prefixes ("headph" → headphones). Run it on {@link normaliseCriteria}'s
 * output when the answer is cached under {@link searchAnswerKey}.
 */
export async function searchProducts(
  db: Db,
  caches: ListingCaches,
  affiliateTag: string,
  criteria: ParsedSearchCriteria,
  view: PriceView,
): Promise<SearchResponse> {
  const { filter, order } = planSearch(criteria);
  const offset = (criteria.page - 1) * criteria.itemCount;
  const { rows, total } =
    filter.keywords === null
      ? await browsePage(db, caches, filter, order, offset, criteria.itemCount)
      : await keywordPage(db, filter, order, offset, criteria.itemCount);
  return {
    products: rows.map((row) => toProduct(row, affiliateTag, view)),
    total,
    totalPages: Math.ceil(total / criteria.itemCount),
    page: criteria.page,
  };
}

/**
 * The cache key of a suggestions answer: the prefix tsquery `q` becomes (words lower-cased, NFC,
 * punctuation dropped, buildPrefixTsquery), or null when it suggests nothing.
 */
export function suggestionsAnswerKey(q: string): string | null {
  return buildPrefixTsquery(q);
}

/**
 * GET /api/products/suggestions. `q` is already trimmed and 2–100 characters (route schema).
 * Each word becomes a prefix (`word:*`, AND-ed); text with no letters or digits suggests nothing.
 * Prices `view` hides (Amazon's data over 24 h old) are null.
 */
export async function suggestProducts(db: Db, q: string, view: PriceView): Promise<{ suggestions: Suggestion[] }> {
  const tsquery = suggestionsAnswerKey(q);
  if (tsquery === null) return { suggestions: [] };
  const rows = await findSuggestions(db, tsquery, SUGGESTION_LIMIT);
  return { suggestions: rows.map((row) => toSuggestion(row, view)) };
}

/**
 * GET /api/amazon/top-discounted: up to 20 products by substantiated discount percent, then
 * trending, at `now`: products whose price may not be shown (Amazon's data over 24 hours old) are
 * left out, since a discount is the point of this list. The ordering reads every discounted
 * product (about 60 ms at 100k): the route caches the answer until the catalogue changes or its
 * first Amazon price expires.
 */
export async function topDiscountedProducts(db: Db, affiliateTag: string, view: PriceView, now: Date): Promise<{ products: Product[] }> {
  const rows = await selectTopDiscounted(db, TOP_DISCOUNTED_LIMIT, amazonFreshSince(now));
  return { products: rows.map((row) => toProduct(row, affiliateTag, view)) };
}

/**
 * GET /api/amazon/current-price/{asin}: the stored price and when it was observed (DESIGN.md §5:
 * pages never call Amazon live), judged at `now`: Amazon's data over 24 hours old answers a null
 * price, original price, basis and `asOf`. Null when no product has this ASIN.
 */
export async function currentPrice(db: Db, asin: string, now: Date): Promise<CurrentPriceResponse | null> {
  const row = await findProductByAsin(db, asin);
  if (!row) return null;
  if (!publicPriceView(now).shows(row)) return { asin: row.asin, currentPrice: null, originalPrice: null, savingBasis: null, asOf: null };
  const original = chooseOriginalPrice(row);
  return {
    asin: row.asin,
    currentPrice: penceToPriceString(row.pricePence),
    originalPrice: original ? penceToPriceString(original.pence) : null,
    savingBasis: original?.basis ?? null,
    asOf: row.priceAsOf.toISOString(),
  };
}

/**
 * GET /api/products/{asin}: the product (its price as `view` allows) and its price observations of
 * the last 365 days before `now`, oldest first, for the product page's chart. The history stays
 * when the current price is hidden: each point is a dated record, not a current offer (decision
 * 0014). Null when no product has this ASIN.
 */
export async function productDetail(
  db: Db,
  affiliateTag: string,
  asin: string,
  now: Date,
  view: PriceView,
): Promise<ProductDetailResponse | null> {
  const row = await findProductByAsin(db, asin);
  if (!row) return null;
  const history = await findPriceHistory(db, row.id, new Date(now.getTime() - HISTORY_DAYS * DAY_MS));
  return {
    product: toProduct(row, affiliateTag, view),
    history: history.map((h) => ({ price: penceToPriceString(h.pricePence), observedAt: h.observedAt.toISOString() })),
  };
}
