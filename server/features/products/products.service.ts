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
import porter2 from 'wink-porter2-stemmer';
import { wordKey } from '../../catalogue-version';
import type { AnswerDependencies } from '../../http/answer-cache';
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
  findObservationBefore,
  findPriceHistory,
  findProductByAsin,
  countSearch,
  countKeywordSearch,
  KEYWORD_COUNT_CAP,
  LISTING_COUNT_CAP,
  findKeywordCandidates,
  findKeywordSearchPage,
  findKeywordWindowPage,
  findProductsByIds,
  findSearchPage,
  findSuggestions,
  priceShowableSql,
  productColumns,
  selectTopDiscounted,
  type SearchFilter,
  type SearchOrder,
} from './products.queries';
import { loosenHead, parseSearchQuery, queryText, tsqueriesOf, type SearchQuery } from './search-query';
import { rankCandidates, RERANK_WINDOW } from './search-rank';
import { repairQuery } from './search-recovery';
import { rankSuggestions, ranksSuggestions } from './suggestion-rank';
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
/**
 * Matches of the typed prefixes read and re-ordered per suggestions answer (most trending first):
 * enough for the product-type prior to find the kettles among "kettle"'s barbecues at 100k products,
 * few enough to stay in the suggestions' 5 ms budget (docs/decisions/0026-search-relevance.md).
 */
export const SUGGESTION_CANDIDATES = 50;
/** Products answered by GET /api/amazon/top-discounted. */
export const TOP_DISCOUNTED_LIMIT = 20;
/** Days of price history on the product page. */
export const HISTORY_DAYS = 365;

/** Collapses case and spacing so "Kitchen  Home" equals the category's "kitchen home". */
function normaliseWords(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A planned search: the SQL filter and order, and the parsed keywords (null without keywords). */
export interface SearchPlan {
  filter: SearchFilter;
  order: SearchOrder;
  /** The keywords as a query (search-query.ts); null browses. A query with no terms matches nothing. */
  query: SearchQuery | null;
}

/**
 * Turns parsed criteria into the SQL filter and order (shopper-screens §4 "Category selection",
 * §7 search calls; issue 28):
 * - category 'trending' keeps every category and orders Featured by trending_score;
 *   'All'/'all'/'' keeps every category; a key (or 'other') keeps that category only.
 * - keywords equal to the chosen category's default keywords (the home page's category buttons
 *   send them) browse the category instead of filtering by text.
 * - keywords are parsed by search-query.ts (terms, synonyms, the head term, exclusions); the
 *   filter retrieves the products naming the head term, and every order puts those matching every
 *   term first. Featured/Relevance rank by relevance (search-rank.ts); browsing orders by
 *   trending_score; 'Discount:HighToLow' by the substantiated discount percent.
 * - maxPrice (pounds) becomes pence; searchIndex and userEmail do not change the results.
 */
export function planSearch(criteria: ParsedSearchCriteria): SearchPlan {
  const trending = criteria.category === 'trending';
  const category =
    trending || criteria.category === 'All' || criteria.category === 'all' || criteria.category === '' ? null : criteria.category;
  let keywords: string | null = criteria.keywords.trim() === '' ? null : criteria.keywords.trim();
  const shopperCategory = category ? getShopperCategory(category) : undefined;
  if (keywords !== null && shopperCategory && normaliseWords(keywords) === normaliseWords(shopperCategory.keywords)) keywords = null;
  const query = keywords === null ? null : parseSearchQuery(keywords);
  const filter: SearchFilter = {
    text: query === null ? null : tsqueriesOf(query),
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
    'Discount:HighToLow': 'discount',
  };
  return { filter, order: orders[criteria.sortBy], query };
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
 * version-keyed count cache (exact after every catalogue write, listing-cache.ts), which counts
 * under the same conditions on a miss, to LISTING_COUNT_CAP + 1 (decision 0047).
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

/** A keyword page: its rows, the products retrieved, those matching every term, and the categories of the first ones. */
interface KeywordPage extends PageWithTotal {
  /** Products matching every term of the query (0: the answer shows only partial matches). */
  totalAll: number;
  /** Stored category keys of the first retrieved products, best first (for the nearest category). */
  categories: string[];
}

/**
 * A keyword search's page (docs/decisions/0017 and 0026): in relevance order, the first
 * {@link RERANK_WINDOW} retrieved products by the database's rank, re-ordered by search-rank.ts,
 * then the rest in the database's rank; the page's products read by id. In any other order, the
 * page and its totals come from a window of the listing's first products in that order when it
 * fills the page (decision 0048), else from one statement over every match. Past the end, the
 * totals are counted.
 */
async function keywordPage(
  db: Db,
  query: SearchQuery,
  filter: SearchFilter,
  order: SearchOrder,
  offset: number,
  limit: number,
): Promise<KeywordPage> {
  if (order === 'rank' && offset < RERANK_WINDOW) {
    const candidates = await findKeywordCandidates(db, filter, 0, Math.max(RERANK_WINDOW, offset + limit));
    const first = candidates[0];
    if (!first) return { rows: [], total: 0, totalAll: 0, categories: [] };
    const ranked = [...rankCandidates(query, candidates.slice(0, RERANK_WINDOW)), ...candidates.slice(RERANK_WINDOW)];
    const pageIds = ranked.slice(offset, offset + limit).map((c) => c.id);
    const byId = new Map((await findProductsByIds(db, pageIds)).map((row) => [row.id, row]));
    const rows = pageIds.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
    return { rows, total: first.total, totalAll: first.totalAll, categories: ranked.slice(0, 20).map((c) => c.category) };
  }
  const found =
    (order !== 'rank' ? await findKeywordWindowPage(db, filter, order, offset, limit) : null) ??
    (await findKeywordSearchPage(db, filter, order, offset, limit));
  const rows: ProductRow[] = found.map(({ total: _total, totalAll: _all, matchesAll: _matches, ...row }) => row);
  const first = found[0];
  if (first) return { rows, total: first.total, totalAll: first.totalAll, categories: rows.map((r) => r.category) };
  const total = totalFromPage(offset, limit, 0) ?? (await countKeywordSearch(db, filter));
  return { rows, total, totalAll: total === 0 ? 0 : Number.NaN, categories: [] };
}

/** What the answer says about how the keywords were read (searchResponseSchema's optional fields). */
type Recovery = Pick<SearchResponse, 'didYouMean' | 'relaxedFrom' | 'showingResultsFor' | 'nearestCategory' | 'matchingAll'>;

/** The shopper category most of `categories` are in (not 'other'), as the answer names it. */
function nearestCategoryOf(categories: readonly string[]): SearchResponse['nearestCategory'] {
  const counts = new Map<string, number>();
  for (const key of categories) if (key !== 'other') counts.set(key, (counts.get(key) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  const category = best ? getShopperCategory(best[0]) : undefined;
  return category ? { key: category.key, name: category.name } : undefined;
}

/**
 * A keyword search with zero-result recovery (issue 28): when no product matches every term as
 * typed, unknown words are read as prefixes or corrected from the catalogue's dictionary
 * (search-recovery.ts) and the search runs again; the corrected answer is used when it matches in
 * full, or when the typed one found nothing at all. When still nothing matches in full, the answer
 * shows the products naming the head term (already retrieved) and says so (`relaxedFrom`,
 * `showingResultsFor`), with the nearest category.
 */
async function keywordSearch(
  db: Db,
  plan: SearchPlan & { query: SearchQuery },
  offset: number,
  limit: number,
): Promise<KeywordPage & Recovery> {
  const { query, filter, order } = plan;
  if (filter.text === null) return { rows: [], total: 0, totalAll: 0, categories: [] };
  let page = await keywordPage(db, query, filter, order, offset, limit);
  let used = query;
  const recovery: Recovery = {};
  if (page.totalAll === 0) {
    const repaired = await repairQuery(db, query);
    const text = repaired ? tsqueriesOf(repaired.query) : null;
    if (repaired && text) {
      const again = await keywordPage(db, repaired.query, { ...filter, text }, order, offset, limit);
      if (repaired.corrected && again.total > 0) recovery.didYouMean = queryText(repaired.query);
      if (again.totalAll > 0 || (page.total === 0 && again.total > 0)) {
        page = again;
        used = repaired.query;
        if (repaired.corrected) recovery.showingResultsFor = queryText(repaired.query);
      }
    }
  }
  const asked = used;
  let loosenedHead = false;
  if (page.total === 0) {
    // A phrase term that names nothing ("frying pan" of a synonym entry): its last word alone.
    const loosened = loosenHead(used);
    const text = loosened ? tsqueriesOf(loosened) : null;
    if (loosened && text) {
      const again = await keywordPage(db, loosened, { ...filter, text }, order, offset, limit);
      if (again.total > 0) {
        page = again;
        used = loosened;
        loosenedHead = true;
      }
    }
  }
  if ((page.totalAll === 0 || loosenedHead) && page.total > 0) {
    recovery.relaxedFrom = queryText(asked);
    recovery.showingResultsFor = used.terms[used.head]?.text;
    const nearest = nearestCategoryOf(page.categories);
    if (nearest) recovery.nearestCategory = nearest;
  } else if (page.totalAll > 0 && page.totalAll < page.total) {
    // Some products match every word and are listed first; the rest name only the product type.
    recovery.matchingAll = page.totalAll;
  }
  return { ...page, ...recovery };
}

/**
 * The criteria with everything that cannot change the answer taken out, so equal questions share
 * one cached answer (issue 7): keywords trimmed, lower-cased (the query ignores case, `or`
 * included) with runs of white space as one space; `userEmail` and `searchIndex` dropped (they
 * change nothing, decision 0003). Defaults are already applied by the route schema.
 */
export function normaliseCriteria(criteria: ParsedSearchCriteria): ParsedSearchCriteria {
  const { userEmail: _email, searchIndex: _index, ...kept } = criteria;
  return { ...kept, keywords: normaliseWords(criteria.keywords) };
}

/**
 * The cache key of a search answer: what the query runs on (planSearch's filter and order), the
 * page and the page size. Criteria that plan alike answer alike ('All' and '' as category, Featured
 * and Relevance, a category button's own keywords and none, "Kettle - Black" and "kettle black"),
 * so they share an entry. `plan` is `planSearch` of the normalised criteria, when the caller already
 * has it (the route uses it again to pick the keyword-search lane).
 */
export function searchAnswerKey(criteria: ParsedSearchCriteria, plan: SearchPlan = planSearch(normaliseCriteria(criteria))): string {
  const { filter, order } = plan;
  return JSON.stringify([filter, order, criteria.page, criteria.itemCount]);
}

/**
 * What a search answer depends on (decision 0046), or null when any catalogue change may change it.
 * A keyword search that found products without repairing or loosening its words retrieves the
 * products naming its head term (the `match` tsquery; its other terms only rank and mark those), so
 * a product can change the answer only if it names the head term before or after the change, or is
 * shown: the answer depends on the ASINs it shows and the word keys ({@link wordKey}) of the `match`
 * tsquery's words, as written and Porter2-stemmed as PostgreSQL's english configuration reads them
 * (search-dependencies.test.ts checks every word of the real catalogue's files). Listings without
 * keywords, searches that found nothing (a repair reads the whole dictionary) and answers that
 * repaired or loosened their words return null.
 */
export function searchAnswerDependencies(plan: SearchPlan, answer: SearchResponse): AnswerDependencies | null {
  const text = plan.filter.text;
  if (plan.query === null || text === null || answer.total === 0) return null;
  if (answer.didYouMean || answer.relaxedFrom || answer.showingResultsFor || answer.nearestCategory) return null;
  return { asins: answer.products.map((p) => p.asin), words: tsqueryWordKeys(text.match, true) };
}

/**
 * The word keys of the words of tsquery text `tsquery`; with `stemmed`, each word's Porter2 stem's
 * key as well, as PostgreSQL's english configuration reads the word ("vary" is matched as "vari").
 * The plain stemmer, not search-text.ts `stemOf`: PostgreSQL knows nothing of its irregular plurals.
 */
function tsqueryWordKeys(tsquery: string, stemmed: boolean): string[] {
  const keys = new Set<string>();
  for (const word of tsquery.match(/[\p{L}\p{N}]+/gu) ?? []) {
    keys.add(wordKey(word));
    if (stemmed && /^[a-z]+$/.test(word)) keys.add(wordKey(porter2(word)));
  }
  return [...keys];
}

/**
 * POST /api/products/search. Answers one page of products plus `total` matches and
 * `totalPages` = ceil(total / itemCount); a page past the end is empty with the same totals.
 * Keywords (search-query.ts) retrieve the products naming their head term, those matching every
 * term first, in relevance order by default (search-rank.ts); keywords that hold no word ("!!")
 * match nothing. When nothing matches in full, half-typed and misspelt words are repaired and the
 * answer says what it shows instead (`didYouMean`, `relaxedFrom`, `showingResultsFor`,
 * `nearestCategory`; searchResponseSchema); when only some match in full, `matchingAll` says how many. Run it on {@link normaliseCriteria}'s output when the
 * answer is cached under {@link searchAnswerKey}. Throws what the database throws.
 */
export async function searchProducts(
  db: Db,
  caches: ListingCaches,
  affiliateTag: string,
  criteria: ParsedSearchCriteria,
  view: PriceView,
): Promise<SearchResponse> {
  const plan = planSearch(criteria);
  const offset = (criteria.page - 1) * criteria.itemCount;
  const { rows, total, ...rest } =
    plan.query === null
      ? { ...(await browsePage(db, caches, plan.filter, plan.order, offset, criteria.itemCount)), didYouMean: undefined }
      : await keywordSearch(db, { ...plan, query: plan.query }, offset, criteria.itemCount);
  const recovery = Object.fromEntries(
    Object.entries(rest).filter(
      ([key, value]) =>
        value !== undefined && ['didYouMean', 'relaxedFrom', 'showingResultsFor', 'nearestCategory', 'matchingAll'].includes(key),
    ),
  ) as Recovery;
  // Totals are counted to one past their cap (keywords: decision 0040; listings: 0047): more than
  // that is "over 1,000" or "over 10,000".
  const cap = plan.query !== null ? KEYWORD_COUNT_CAP : LISTING_COUNT_CAP;
  const totalCapped = total > cap;
  const shownTotal = totalCapped ? cap : total;
  return {
    products: rows.map((row) => toProduct(row, affiliateTag, view)),
    total: shownTotal,
    totalPages: Math.ceil(shownTotal / criteria.itemCount),
    page: criteria.page,
    ...recovery,
    ...(totalCapped ? { totalCapped: true as const } : {}),
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
 * The {@link SUGGESTION_CANDIDATES} most trending matches are put in search's relevance order
 * (suggestion-rank.ts: "kettle" suggests kettles before kettle barbecues and descalers) and the
 * first {@link SUGGESTION_LIMIT} answered; words of one or two letters only ("sa") answer the most
 * trending matches. Prices `view` hides (Amazon's data over 24 h old) are null.
 */
/**
 * What a suggestions answer depends on (decision 0046): the prefix tsquery `tsquery`
 * ({@link suggestionsAnswerKey}) matches the products whose title words (products.suggest_vector,
 * 'simple': as written) begin with every typed word, so a product can change the answer only if
 * one of its title words begins with one of them before or after the change, or it is shown: the
 * ASINs shown and the word keys of the typed words. An empty answer depends on the same words.
 */
export function suggestionsAnswerDependencies(tsquery: string, answer: { suggestions: readonly Suggestion[] }): AnswerDependencies {
  return { asins: answer.suggestions.map((s) => s.asin), words: tsqueryWordKeys(tsquery, false) };
}

export async function suggestProducts(db: Db, q: string, view: PriceView): Promise<{ suggestions: Suggestion[] }> {
  const tsquery = suggestionsAnswerKey(q);
  if (tsquery === null) return { suggestions: [] };
  if (!ranksSuggestions(tsquery)) {
    const trending = await findSuggestions(db, tsquery, SUGGESTION_LIMIT);
    return { suggestions: trending.map((row) => toSuggestion(row, view)) };
  }
  const candidates = await findSuggestions(db, tsquery, SUGGESTION_CANDIDATES);
  const rows = rankSuggestions(tsquery, candidates).slice(0, SUGGESTION_LIMIT);
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
 * the last 365 days before `now` plus the one in effect when that window opened, oldest first, for the product page's chart. The history stays
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
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const history = await findPriceHistory(db, row.id, since);
  // The price in effect when the window opened is a dated record too (a feed crawled long ago).
  const opening =
    history.length > 0 && history[0]!.observedAt.getTime() <= since.getTime() ? undefined : await findObservationBefore(db, row.id, since);
  if (opening) history.unshift(opening);
  return {
    product: toProduct(row, affiliateTag, view),
    history: history.map((h) => ({ price: penceToPriceString(h.pricePence), observedAt: h.observedAt.toISOString() })),
  };
}
