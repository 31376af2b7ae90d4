/**
 * A fake Amazon Creators API on loopback for tests, benchmarks and demos (issue 14 part 4;
 * DESIGN.md §6; ../shared/reference/amazon-creators-api.md). It speaks the real wire format and
 * enforces the real rules:
 *
 * - Token endpoints: `POST /auth/o2/token` (3.x, JSON body, scope `creatorsapi::default`) and
 *   `POST /oauth2/token` (2.2, form body, scope `creatorsapi/default`); tokens expire after
 *   `tokenTtlSeconds` (401 TokenExpired), unknown ones give 401 InvalidToken, a 2.2 token needs
 *   `Bearer <token>, Version 2.2`.
 * - `POST /catalog/v1/{getItems,searchItems,getVariations,getBrowseNodes}`: lowerCamelCase names
 *   only, `x-marketplace` equal to the body's `marketplace`, a `partnerTag`, 1–10 `itemIds` (400
 *   FieldValidationFailed with `fieldList` otherwise); at most `ratePerSecond` requests in any
 *   second, less `toleranceMs` of arrival jitter (429 ThrottleException beyond); items in shuffled
 *   order; ItemNotAccessible partial errors.
 * - Scripting: `setOffer`, `scriptPrices` (one step per getItems that asks for the ASIN),
 *   `failNext` (the next requests answer an error), `denyAccess` (403 AssociateNotEligible),
 *   `expireTokens`. `log` holds every catalogue request with its arrival time (epoch ms, sub-ms).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mapAmazonCategory } from '../../../common/categories';
import {
  browseNodeIdOf,
  loadRealProducts,
  loadSampleItems,
  loadVariationsSample,
  wireItemOf,
  type FakeProduct,
} from './fake-creators-catalogue';
import { fakeSearch } from './fake-creators-search';

export type { FakeProduct };

export interface FakeCreatorsApiOptions {
  port?: number;
  /** Requests per second the fake accepts (Amazon's start: 1). Tests raise it where the rate is not under test. */
  ratePerSecond?: number;
  /**
   * Arrival jitter forgiven, ms (default 50): the second is counted as `1000 − toleranceMs`, because
   * requests sent exactly one interval apart can arrive a little closer (network, event loop).
   */
  toleranceMs?: number;
  tokenTtlSeconds?: number;
  credentialId?: string;
  credentialSecret?: string;
  /** Load the 3,870 real products and the sample items (default true). */
  realCatalogue?: boolean;
  products?: FakeProduct[];
  /** Seed of the item shuffling (default 42). */
  seed?: number;
  /** Every getItems moves ~2 % of the asked products' prices (demo mode of `npm run fake-amazon`). */
  market?: boolean;
  marketplace?: string;
}

export interface FakeLogEntry {
  /** Arrival time, epoch ms with sub-millisecond precision. */
  at: number;
  operation: string;
  status: number;
  itemIds: number;
}

export interface FakeOffer {
  pricePence: number | null;
  listPricePence?: number | null;
  savingBasisType?: FakeProduct['savingBasisType'];
  availability?: string;
  deal?: FakeProduct['deal'];
}

export interface FakeCreatorsApi {
  /** e.g. `http://127.0.0.1:41234` (use as AMAZON_API_URL). */
  url: string;
  /** `${url}/auth/o2/token` (use as AMAZON_TOKEN_URL for 3.x). */
  tokenUrl: string;
  /** `${url}/oauth2/token` (2.2). */
  legacyTokenUrl: string;
  credentialId: string;
  credentialSecret: string;
  log: FakeLogEntry[];
  tokensIssued: number;
  products: Map<string, FakeProduct>;
  addProducts(products: FakeProduct[]): void;
  setOffer(asin: string, offer: FakeOffer): void;
  /** Each later getItems asking for `asin` applies the next step (the last one stays). */
  scriptPrices(asin: string, steps: FakeOffer[]): void;
  setNotAccessible(asins: string[]): void;
  /** The next `count` catalogue requests answer `status` with this error body (and Retry-After header seconds). */
  failNext(status: number, body: Record<string, unknown>, count?: number, retryAfterHeader?: number): void;
  denyAccess(denied: boolean): void;
  expireTokens(): void;
  /** Requests per second from now on (the throttling window starts afresh). */
  setRate(ratePerSecond: number): void;
  /** Arrival jitter forgiven from now on, ms (see {@link FakeCreatorsApiOptions.toleranceMs}). */
  setToleranceMs(toleranceMs: number): void;
  close(): Promise<void>;
}

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const OPERATIONS = new Set(['getItems', 'searchItems', 'getVariations', 'getBrowseNodes']);

/** Names in `value` (recursively, object keys only) that are not lowerCamelCase. */
function badNames(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => badNames(v, prefix));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [...(CAMEL.test(key) ? [] : [`${prefix}${key}`]), ...badNames(v, `${prefix}${key}.`)]);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return status;
}

const validation = (fieldList: string[], message = 'Request validation failed.') => ({
  type: 'ValidationException',
  message,
  reason: 'FieldValidationFailed',
  fieldList,
});

/** Starts the fake on 127.0.0.1 (port 0 = any free port). */
export async function startFakeCreatorsApi(opts: FakeCreatorsApiOptions = {}): Promise<FakeCreatorsApi> {
  const credentialId = opts.credentialId ?? 'fake-credential-id';
  const credentialSecret = opts.credentialSecret ?? 'fake-credential-secret';
  const marketplace = opts.marketplace ?? 'www.amazon.co.uk';
  let rate = opts.ratePerSecond ?? 1;
  const ttl = opts.tokenTtlSeconds ?? 3600;
  let tolerance = opts.toleranceMs ?? 50;
  const products = opts.realCatalogue === false ? new Map<string, FakeProduct>() : loadRealProducts();
  const samples = opts.realCatalogue === false ? new Map<string, Record<string, unknown>>() : loadSampleItems();
  const variations = opts.realCatalogue === false ? null : loadVariationsSample();
  for (const p of opts.products ?? []) products.set(p.asin, p);
  const tokens = new Map<string, { expiresAt: number; legacy: boolean }>();
  const scripts = new Map<string, FakeOffer[]>();
  const notAccessible = new Set<string>();
  const failures: Array<{ status: number; body: Record<string, unknown>; retryAfter?: number }> = [];
  let denied = false;
  let seed = opts.seed ?? 42;
  const random = () => {
    // mulberry32: a small seeded generator, so shuffles are reproducible.
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const accepted: number[] = [];
  const now = () => performance.timeOrigin + performance.now();

  const fake: FakeCreatorsApi = {
    url: '',
    tokenUrl: '',
    legacyTokenUrl: '',
    credentialId,
    credentialSecret,
    log: [],
    tokensIssued: 0,
    products,
    addProducts: (list) => list.forEach((p) => products.set(p.asin, p)),
    setOffer(asin, offer) {
      const product = products.get(asin);
      if (!product) throw new Error(`fake: no product ${asin}`);
      Object.assign(product, offer);
    },
    scriptPrices: (asin, steps) => void scripts.set(asin, [...steps]),
    setNotAccessible: (asins) => asins.forEach((a) => notAccessible.add(a)),
    failNext: (status, body, count = 1, retryAfter) => {
      for (let i = 0; i < count; i += 1) failures.push({ status, body, retryAfter });
    },
    denyAccess: (value) => void (denied = value),
    expireTokens: () => tokens.clear(),
    setRate: (value) => {
      rate = value;
      accepted.length = 0;
    },
    setToleranceMs: (value) => void (tolerance = value),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function issueToken(res: ServerResponse, legacy: boolean, form: Record<string, string>): number {
    const scope = legacy ? 'creatorsapi/default' : 'creatorsapi::default';
    if (form.grant_type !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
    if (form.client_id !== credentialId || form.client_secret !== credentialSecret) return send(res, 401, { error: 'invalid_client' });
    if (form.scope !== scope) return send(res, 400, { error: 'invalid_scope' });
    const token = `${legacy ? 'eyJ' : 'Atc|'}${randomBytes(12).toString('hex')}`;
    tokens.set(token, { expiresAt: Date.now() + ttl * 1000, legacy });
    fake.tokensIssued += 1;
    return send(
      res,
      200,
      legacy
        ? { access_token: token, expires_in: ttl, token_type: 'Bearer' }
        : { access_token: token, scope, token_type: 'bearer', expires_in: ttl },
    );
  }

  /** 401 answer for a bad Authorization header, or null when the token is good. */
  function authProblem(header: string | undefined): Record<string, unknown> | null {
    const match = /^Bearer ([^,\s]+)(, Version 2\.2)?$/.exec(header ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    if (!match || !token)
      return { type: 'UnauthorizedException', message: 'The authentication token is invalid or malformed.', reason: 'InvalidToken' };
    if (token.legacy !== Boolean(match[2]))
      return { type: 'UnauthorizedException', message: 'The token was issued for another version.', reason: 'InvalidIssuer' };
    if (token.expiresAt <= Date.now())
      return { type: 'UnauthorizedException', message: 'Authentication token has expired.', reason: 'TokenExpired' };
    return null;
  }

  /** True when another request now would exceed `rate` in the last second. */
  function throttled(at: number): boolean {
    while (accepted.length > 0 && accepted[0]! <= at - (1000 - tolerance)) accepted.shift();
    if (accepted.length >= Math.max(1, Math.floor(rate))) return true;
    accepted.push(at);
    return false;
  }

  function applyScript(asin: string): void {
    const steps = scripts.get(asin);
    const product = products.get(asin);
    if (!steps || steps.length === 0 || !product) return;
    Object.assign(product, steps.length > 1 ? steps.shift() : steps[0]);
  }

  function moveMarket(asin: string): void {
    const product = products.get(asin);
    if (!opts.market || !product || product.pricePence === null || random() > 0.02) return;
    const before = product.pricePence;
    const roll = random();
    if (roll < 0.1) Object.assign(product, { availability: 'OUT_OF_STOCK' });
    else {
      const factor = roll < 0.7 ? 0.8 + random() * 0.15 : 1.05 + random() * 0.1;
      Object.assign(product, {
        availability: 'IN_STOCK',
        pricePence: Math.max(1, Math.round(before * factor)),
        listPricePence: roll < 0.7 ? before : null,
        savingBasisType: roll < 0.7 ? 'WAS_PRICE' : null,
      });
    }
  }

  function shuffled<T>(list: T[]): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  function getItems(res: ServerResponse, body: Record<string, unknown>): number {
    const ids = body.itemIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 10 || !ids.every((id) => typeof id === 'string'))
      return send(res, 400, validation(['itemIds']));
    if (body.itemIdType !== undefined && body.itemIdType !== 'ASIN') return send(res, 400, validation(['itemIdType']));
    const items: unknown[] = [];
    const errors: Array<{ code: string; message: string }> = [];
    for (const id of ids as string[]) {
      applyScript(id);
      moveMarket(id);
      const product = products.get(id);
      if (notAccessible.has(id))
        errors.push({ code: 'ItemNotAccessible', message: `The ItemId ${id} is not accessible through the Creators API.` });
      else if (product) items.push(wireItemOf(product, String(body.partnerTag)));
      else if (samples.has(id)) items.push(samples.get(id));
      else errors.push({ code: 'InvalidParameterValue', message: `The ItemId ${id} provided in the request is invalid.` });
    }
    if (items.length === 0 && errors.every((e) => e.code === 'InvalidParameterValue'))
      return send(res, 404, {
        type: 'ResourceNotFoundException',
        message: 'No items found for the requested item IDs.',
        resourceType: 'Item',
      });
    return send(res, 200, { itemsResult: { items: shuffled(items) }, ...(errors.length ? { errors } : {}) });
  }

  function getVariations(res: ServerResponse, body: Record<string, unknown>): number {
    if (typeof body.asin !== 'string') return send(res, 400, validation(['asin']));
    const result = (variations as { variationsResult?: { items?: Array<{ asin: string }> } } | null)?.variationsResult;
    if (!variations || (!result?.items?.some((i) => i.asin === body.asin) && body.asin !== 'B00422MCVM'))
      return send(res, 404, { type: 'ResourceNotFoundException', message: 'No variations found.' });
    return send(res, 200, variations);
  }

  function getBrowseNodes(res: ServerResponse, body: Record<string, unknown>): number {
    const ids = body.browseNodeIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 10) return send(res, 400, validation(['browseNodeIds']));
    const names = new Map(
      [...products.values()].flatMap((p) => (p.categoryName ? [[browseNodeIdOf(p.categoryName), p.categoryName] as const] : [])),
    );
    const nodes = (ids as string[])
      .filter((id) => names.has(id))
      .map((id) => ({ id, displayName: names.get(id), contextFreeName: names.get(id), children: [] }));
    const errors = (ids as string[])
      .filter((id) => !names.has(id))
      .map((id) => ({ code: 'InvalidParameterValue', message: `The BrowseNodeId ${id} provided in the request is invalid.` }));
    return send(res, 200, { browseNodesResult: { browseNodes: nodes }, ...(errors.length ? { errors } : {}) });
  }

  async function catalogue(req: IncomingMessage, res: ServerResponse, operation: string, entry: FakeLogEntry): Promise<number> {
    const problem = authProblem(req.headers.authorization);
    if (problem) return send(res, 401, problem);
    if (throttled(now()))
      return send(res, 429, {
        type: 'ThrottleException',
        message: 'The request was denied due to request throttling. Please verify the number of requests made per second.',
      });
    const failure = failures.shift();
    if (failure)
      return send(res, failure.status, failure.body, failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {});
    if (denied)
      return send(res, 403, {
        type: 'AccessDeniedException',
        message: 'Your account does not currently meet the eligibility requirements.',
        reason: 'AssociateNotEligible',
      });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return send(res, 400, { type: 'ValidationException', message: 'The request body could not be parsed.', reason: 'CannotParse' });
    }
    entry.itemIds = Array.isArray(body.itemIds) ? body.itemIds.length : 0;
    const bad = badNames(body);
    if (bad.length > 0) return send(res, 400, validation(bad, 'Field names must be lowerCamelCase.'));
    if (req.headers['x-marketplace'] !== marketplace || body.marketplace !== marketplace)
      return send(res, 400, validation(['marketplace']));
    if (typeof body.partnerTag !== 'string' || body.partnerTag === '') return send(res, 400, validation(['partnerTag']));
    if (operation === 'getItems') return getItems(res, body);
    if (operation === 'searchItems') return send(res, ...fakeSearch(products, body, mapAmazonCategory));
    if (operation === 'getVariations') return getVariations(res, body);
    return getBrowseNodes(res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = now();
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST') {
      send(res, 405, { type: 'ValidationException', message: 'Only POST is supported.' });
      return;
    }
    if (url.pathname === '/auth/o2/token' || url.pathname === '/oauth2/token') {
      const legacy = url.pathname === '/oauth2/token';
      const text = await readBody(req);
      let form: Record<string, string> = {};
      try {
        form = legacy ? Object.fromEntries(new URLSearchParams(text)) : (JSON.parse(text) as Record<string, string>);
      } catch {
        form = {};
      }
      issueToken(res, legacy, form);
      return;
    }
    const operation = url.pathname.replace(/^\/catalog\/v1\//, '');
    if (!url.pathname.startsWith('/catalog/v1/') || !OPERATIONS.has(operation)) {
      send(res, 404, { type: 'ResourceNotFoundException', message: 'Unknown operation.' });
      return;
    }
    const entry: FakeLogEntry = { at, operation, status: 0, itemIds: 0 };
    fake.log.push(entry);
    entry.status = await catalogue(req, res, operation, entry);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(res, 500, { type: 'InternalServerException', message: 'An unexpected error occurred while processing your request.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.tokenUrl = `${fake.url}/auth/o2/token`;
  fake.legacyTokenUrl = `${fake.url}/oauth2/token`;
  return fake;
}
