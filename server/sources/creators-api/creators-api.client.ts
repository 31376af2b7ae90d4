/**
 * The Amazon Creators API client (issue 14 part 1; ../shared/reference/amazon-creators-api.md).
 *
 * `POST {AMAZON_API_URL}/catalog/v1/{operation}` with `Content-Type: application/json`,
 * `x-marketplace` (and `marketplace` in the body), `Authorization` from creators-api-token.ts, and
 * lowerCamelCase names only. Every attempt first takes a slot from the shared quota limiter
 * (quota-limiter.ts) and is written to the call log.
 *
 * Errors (after which the call throws {@link CreatorsApiError}):
 * - 401: the token is dropped, a new one fetched, and the request retried once.
 * - 429: waits `retryAfterSeconds` / `Retry-After` (else exponential backoff), plus jitter, and holds
 *   every caller's next slot until then; retried up to `maxAttempts`.
 * - 5xx and network errors: exponential backoff with jitter, up to `maxAttempts`.
 * - 400: logged with its `fieldList`, never retried. 403: never retried (creators-api.source.ts
 *   switches to the catalogue). 404 on getItems/getVariations: an empty answer (none found).
 */
import { z } from 'zod';
import { isAsin } from '../../../common/affiliate';
import { poundsToPence } from '../../../common/money';
import type { CreatorsApiConfig } from './creators-api.config';
import { CreatorsApiError } from './creators-api-errors';
import { notAccessibleAsins, toAmazonProduct, type AmazonProduct } from './creators-api-item';
import {
  errorBodySchema,
  getBrowseNodesResponseSchema,
  getItemsResponseSchema,
  getVariationsResponseSchema,
  searchItemsResponseSchema,
  type WirePartialError,
} from './creators-api.schema';
import type { CallPriority, CreatorsApiStore } from './creators-api.store';
import type { TokenProvider } from './creators-api-token';
import type { QuotaLimiter } from './quota-limiter';

/** Most ASINs one getItems call may carry (Amazon: 1–10). */
export const MAX_ITEM_IDS = 10;

/** What a price check needs: the buy-box offer only. */
export const PRICE_RESOURCES = [
  'offersV2.listings.price',
  'offersV2.listings.availability',
  'offersV2.listings.dealDetails',
  'offersV2.listings.isBuyBoxWinner',
  'offersV2.listings.type',
] as const;

/** What an import or a search shows: the offer plus title, features, brand, image and browse nodes. */
export const PRODUCT_RESOURCES = [
  'itemInfo.title',
  'itemInfo.features',
  'itemInfo.byLineInfo',
  'images.primary.large',
  'browseNodeInfo.browseNodes',
  'browseNodeInfo.browseNodes.ancestor',
  ...PRICE_RESOURCES,
  'offersV2.listings.merchantInfo',
  'parentASIN',
] as const;

/** UK search indexes we offer (reference "Calls"; PA-API 5's amazon.co.uk list). */
export const SEARCH_INDEXES = [
  'All',
  'Appliances',
  'Automotive',
  'Baby',
  'Beauty',
  'Books',
  'Computers',
  'Electronics',
  'Fashion',
  'GardenAndOutdoor',
  'GroceryAndGourmetFood',
  'HealthPersonalCare',
  'HomeAndKitchen',
  'Lighting',
  'MusicalInstruments',
  'OfficeProducts',
  'PetSupplies',
  'SportsAndOutdoors',
  'ToolsAndHomeImprovement',
  'ToysAndGames',
  'VideoGames',
] as const;

export const SORT_OPTIONS = [
  'Relevance',
  'Featured',
  'Price:LowToHigh',
  'Price:HighToLow',
  'AvgCustomerReviews',
  'NewestArrivals',
] as const;

/** searchItems parameters (reference "Calls"): prices in pence. */
export const searchParamsSchema = z.object({
  keywords: z.string().trim().min(1).max(200).optional(),
  searchIndex: z.enum(SEARCH_INDEXES).default('All'),
  browseNodeId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  itemCount: z.number().int().min(1).max(10).default(10),
  itemPage: z.number().int().min(1).max(10).default(1),
  minPricePence: z.number().int().positive().optional(),
  maxPricePence: z.number().int().positive().optional(),
  minSavingPercent: z.number().int().min(1).max(99).optional(),
  sortBy: z.enum(SORT_OPTIONS).optional(),
});
export type SearchParams = z.input<typeof searchParamsSchema>;

export interface ClientLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface CreatorsApiClientOptions {
  config: CreatorsApiConfig;
  tokens: TokenProvider;
  limiter: QuotaLimiter;
  store: CreatorsApiStore;
  fetch?: typeof fetch;
  /** Wall clock of the data: fetch times (default: real time). The call log and the 429 hold use real time. */
  clock?: () => Date;
  /** Waits between attempts (default a real timer). */
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1, for jitter (default Math.random). */
  random?: () => number;
  /** First backoff step, ms (default 1000; doubles per attempt, capped at 30 s). */
  baseDelayMs?: number;
  /** Attempts per call, the first included (default 4). */
  maxAttempts?: number;
  log?: ClientLog;
  timeoutMs?: number;
}

export interface GetItemsResult {
  /** Products found, by ASIN (matched on `asin`; Amazon's order is not trusted). */
  products: Map<string, AmazonProduct>;
  /** ASINs Amazon said are not accessible through the API (partial errors). */
  notAccessible: Set<string>;
  errors: WirePartialError[];
}

export interface SearchResult {
  products: AmazonProduct[];
  totalResultCount: number | null;
  searchUrl: string | null;
}

export interface VariationsResult {
  products: AmazonProduct[];
  variationCount: number | null;
  pageCount: number | null;
  lowestPricePence: number | null;
}

export interface BrowseNodeInfo {
  id: string;
  name: string;
  ancestors: string[];
  children: Array<{ id: string; name: string }>;
}

export interface CreatorsApiClient {
  /** 1–10 ASINs in one request (RangeError otherwise, before any request). */
  getItems(asins: readonly string[], opts?: { priority?: CallPriority; resources?: readonly string[] }): Promise<GetItemsResult>;
  searchItems(params: SearchParams, opts?: { priority?: CallPriority }): Promise<SearchResult>;
  getVariations(asin: string, opts?: { priority?: CallPriority; page?: number }): Promise<VariationsResult>;
  getBrowseNodes(ids: readonly string[], opts?: { priority?: CallPriority }): Promise<BrowseNodeInfo[]>;
  readonly config: CreatorsApiConfig;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(ms))));

/** Creates the client; no request is made until an operation is called. */
export function createCreatorsApiClient(opts: CreatorsApiClientOptions): CreatorsApiClient {
  const { config, tokens, limiter, store } = opts;
  const doFetch = opts.fetch ?? fetch;
  const clock = opts.clock ?? (() => new Date());
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  const baseDelayMs = opts.baseDelayMs ?? 1000;
  const maxAttempts = opts.maxAttempts ?? 4;
  const base = { marketplace: config.marketplace, partnerTag: config.partnerTag };

  /** Exponential backoff with equal jitter: half the step fixed, half random. */
  const backoff = (attempt: number) => {
    const step = Math.min(30_000, baseDelayMs * 2 ** (attempt - 1));
    return step / 2 + random() * (step / 2);
  };

  async function send(operation: string, body: unknown, token: string, priority: CallPriority, items: number): Promise<Response | null> {
    let res: Response | null = null;
    const at = new Date();
    try {
      res = await doFetch(`${config.apiUrl}/catalog/v1/${operation}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-marketplace': config.marketplace,
          authorization: tokens.authorization(token),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      });
    } catch {
      res = null;
    }
    await store.recordCall({ at, operation, status: res?.status ?? 0, priority, items }).catch(() => undefined);
    return res;
  }

  /** One operation with the retry rules above; answers the parsed JSON body. */
  async function call(operation: string, body: unknown, priority: CallPriority, items: number): Promise<unknown> {
    let refreshed = false;
    let last: CreatorsApiError | null = null;
    for (let attempt = 1; attempt <= maxAttempts + (refreshed ? 1 : 0); attempt += 1) {
      // The token first: the request must start as soon as its slot is granted.
      let token: string;
      try {
        token = await tokens.get();
      } catch (error) {
        if (!(error instanceof CreatorsApiError) || !error.retryable) throw error;
        last = error;
        await sleep(backoff(attempt));
        continue;
      }
      await limiter.acquire(priority);
      const res = await send(operation, body, token, priority, items);
      if (res?.ok) return res.json();
      // ResourceNotFoundException: none of the items (or no search result) found.
      if (res?.status === 404) return {};
      const json: unknown = res ? await res.json().catch(() => null) : null;
      const error = res
        ? CreatorsApiError.fromAnswer(res.status, errorBodySchema.safeParse(json).data ?? null, res.headers.get('retry-after'))
        : new CreatorsApiError(0, 'NetworkError', null, `no answer from the Creators API (${operation})`);
      last = error;
      if (error.status === 401 && !refreshed) {
        // TokenExpired / InvalidToken: one fresh token, one more try (not counted as an attempt).
        refreshed = true;
        tokens.invalidate(token);
        continue;
      }
      if (error.status === 400) {
        opts.log?.warn({ operation, reason: error.reason, fieldList: error.fieldList }, 'Creators API refused the request (not retried)');
        throw error;
      }
      if (!error.retryable || attempt >= maxAttempts) throw error;
      if (error.status === 429) {
        const waitMs = (error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoff(attempt)) + random() * baseDelayMs;
        await limiter.holdUntil(Date.now() + waitMs);
        opts.log?.warn({ operation, waitMs: Math.round(waitMs), attempt }, 'Creators API throttled the request; backing off');
      } else {
        await sleep(backoff(attempt));
      }
    }
    throw last ?? new CreatorsApiError(0, 'NetworkError', null, `no answer from the Creators API (${operation})`);
  }

  const invalid = (operation: string) =>
    new CreatorsApiError(200, 'InvalidResponse', null, `the Creators API answered ${operation} in an unexpected shape`);

  return {
    config,
    async getItems(asins, callOpts = {}) {
      const ids = [...new Set(asins.map((a) => a.trim().toUpperCase()))];
      if (ids.length < 1 || ids.length > MAX_ITEM_IDS) throw new RangeError(`getItems takes 1–${MAX_ITEM_IDS} ASINs, got ${ids.length}`);
      const bad = ids.find((a) => !isAsin(a));
      if (bad !== undefined) throw new RangeError(`not an ASIN: ${bad.slice(0, 20)}`);
      const body = {
        ...base,
        itemIds: ids,
        itemIdType: 'ASIN',
        languagesOfPreference: ['en_GB'],
        resources: [...(callOpts.resources ?? PRODUCT_RESOURCES)],
      };
      const json = await call('getItems', body, callOpts.priority ?? 'background', ids.length);
      const parsed = getItemsResponseSchema.safeParse(json);
      if (!parsed.success) throw invalid('getItems');
      const fetchedAt = clock();
      const wanted = new Set(ids);
      const products = new Map<string, AmazonProduct>();
      for (const item of parsed.data.itemsResult?.items ?? parsed.data.itemResults?.items ?? []) {
        const product = toAmazonProduct(item, fetchedAt);
        if (wanted.has(product.asin)) products.set(product.asin, product);
      }
      const notAccessible = new Set([...notAccessibleAsins(parsed.data.errors)].filter((a) => wanted.has(a) && !products.has(a)));
      return { products, notAccessible, errors: parsed.data.errors ?? [] };
    },

    async searchItems(params, callOpts = {}) {
      const p = searchParamsSchema.parse(params);
      if (!p.keywords && !p.browseNodeId) throw new RangeError('searchItems needs keywords or a browseNodeId');
      const body = {
        ...base,
        keywords: p.keywords,
        searchIndex: p.searchIndex,
        browseNodeId: p.browseNodeId,
        itemCount: p.itemCount,
        itemPage: p.itemPage,
        minPrice: p.minPricePence,
        maxPrice: p.maxPricePence,
        minSavingPercent: p.minSavingPercent,
        sortBy: p.sortBy,
        resources: [...PRODUCT_RESOURCES],
      };
      const json = await call('searchItems', body, callOpts.priority ?? 'admin', p.itemCount);
      const parsed = searchItemsResponseSchema.safeParse(json);
      if (!parsed.success) throw invalid('searchItems');
      const fetchedAt = clock();
      const result = parsed.data.searchResult;
      return {
        products: (result?.items ?? []).map((item) => toAmazonProduct(item, fetchedAt)),
        totalResultCount: result?.totalResultCount ?? null,
        searchUrl: result?.searchURL ?? null,
      };
    },

    async getVariations(asin, callOpts = {}) {
      const id = asin.trim().toUpperCase();
      if (!isAsin(id)) throw new RangeError(`not an ASIN: ${id.slice(0, 20)}`);
      const body = {
        ...base,
        asin: id,
        variationPage: callOpts.page ?? 1,
        resources: [...PRODUCT_RESOURCES, 'variationSummary.price.lowestPrice', 'variationAttributes'],
      };
      const json = await call('getVariations', body, callOpts.priority ?? 'admin', 1);
      const parsed = getVariationsResponseSchema.safeParse(json);
      if (!parsed.success) throw invalid('getVariations');
      const fetchedAt = clock();
      const result = parsed.data.variationsResult;
      const lowest = result?.variationSummary?.price?.lowestPrice;
      return {
        products: (result?.items ?? []).map((item) => toAmazonProduct(item, fetchedAt)),
        variationCount: result?.variationSummary?.variationCount ?? null,
        pageCount: result?.variationSummary?.pageCount ?? null,
        lowestPricePence: lowest ? poundsToPence(lowest.amount) : null,
      };
    },

    async getBrowseNodes(ids, callOpts = {}) {
      const nodeIds = [...new Set(ids)].filter((id) => /^\d{1,20}$/.test(id));
      if (nodeIds.length < 1 || nodeIds.length > 10) throw new RangeError(`getBrowseNodes takes 1–10 numeric ids, got ${nodeIds.length}`);
      const body = {
        ...base,
        browseNodeIds: nodeIds,
        languagesOfPreference: ['en_GB'],
        resources: ['browseNodes.ancestor', 'browseNodes.children'],
      };
      const json = await call('getBrowseNodes', body, callOpts.priority ?? 'admin', nodeIds.length);
      const parsed = getBrowseNodesResponseSchema.safeParse(json);
      if (!parsed.success) throw invalid('getBrowseNodes');
      return (parsed.data.browseNodesResult?.browseNodes ?? []).map((node) => {
        const ancestors: string[] = [];
        for (let at = node.ancestor; at && ancestors.length < 20; at = at.ancestor)
          ancestors.push(at.contextFreeName ?? at.displayName ?? at.id ?? '');
        return {
          id: node.id,
          name: node.contextFreeName ?? node.displayName ?? node.id,
          ancestors: ancestors.filter((a) => a !== ''),
          children: (node.children ?? []).map((c) => ({ id: c.id, name: c.displayName ?? c.id })),
        };
      });
    },
  };
}
