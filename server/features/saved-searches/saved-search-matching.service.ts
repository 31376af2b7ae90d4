/**
 * Matching saved searches against products, and e-mailing each new match once (issue 30 "Keyword
 * and category alerts"; docs/decisions/0031-saved-searches.md). Run after an import commits (its
 * new and repriced products) and after each price check (the products it looked up).
 *
 * Per batch of products: their title and brand stems (and category) are looked up in the inverted
 * term table (`saved_search_terms`), which gives only the active searches that can match; those are
 * read into terms and tested in memory (saved-search-match.rules.ts). Only confirmed, subscribed
 * addresses' matches are recorded, in `saved_search_matches` (one row per search and ASIN, ever: `ON
 * CONFLICT DO NOTHING`, so a match already recorded is no news). Daily and weekly searches' matches
 * are recorded per batch, unsent, for {@link sendSavedSearchDigests}. "Instant" searches' matches
 * are kept in memory until every batch is matched; then each such search's new matches are
 * recorded, already marked e-mailed, in the same transaction that queues its one e-mail listing them
 * (outbox kind 'saved-search', composed by the sender): each match row is written once, never
 * updated (decision 0031, "Writing a first import's matches"). Match rows are narrow and only
 * per-search counts come back from their inserts; e-mails take titles and images from the products
 * (decision 0036, migration 0027). A run that dies before that step has recorded none of its
 * instant matches, so none is e-mailed twice.
 */
import { createHash } from 'node:crypto';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import type { Db, Tx } from '../../db/client';
import { mailableEmails } from '../../email/mailability';
import { enqueueEmails, type DeferredEmail } from '../../email/outbox';
import { DIGEST_MAX_ITEMS } from '../../email/digest-limits';
import { DIGEST_EARLIEST_UK_HOUR, digestPeriod, ukHourOf } from '../emails';
import { categoryKey, compileSearch, productStems, SavedSearchIndex, type CompiledSearch } from './saved-search-match.rules';
import { describeSearch } from './saved-searches.service';
import {
  anyActiveSearch,
  countNewMatches,
  insertNewMatches,
  listedProducts,
  markNotified,
  productsForMatching,
  searchesUnderKeys,
  searchesWithUnsentMatches,
  type CandidateSearch,
  type ListedProduct,
  type MatchRow,
  type ProductForMatching,
} from './saved-searches.queries';

/** Products read and matched per transaction. */
const BATCH = 5000;
/**
 * Products listed in one e-mail (the largest verified savings; the digest layout shows no more);
 * the others are counted in its intro.
 */
const ITEMS_PER_EMAIL = DIGEST_MAX_ITEMS;

/**
 * Only the products that are news to a saved search: those created at or after `createdSince` (an
 * import's new products) and the `changed` ones (repriced). A product that was already in the
 * catalogue, unchanged, when a search was saved is no new match (the shopper sees it in search);
 * it matches when its price changes.
 */
export interface NewOrChanged {
  /** Products created at or after this time are new (an import's). */
  createdSince: Date;
  /** Products repriced, by ASIN (an import's). */
  changed?: readonly string[];
  /** Products whose row was written at or after this time (a price check's repriced ones). */
  updatedSince?: Date;
}

export interface MatchRun {
  /** Products looked at. */
  products: number;
  /** New matches recorded (never recorded twice). */
  newMatches: number;
  /** Instant e-mails queued. */
  emailsQueued: number;
}

/**
 * Matches the products of `asins` against the active saved searches (see the module comment) at
 * `now`; calls `notifyOutbox` when an e-mail was queued. Does nothing, with one query, when no
 * search is active. Throws only when the database fails (a batch's transaction is rolled back; what
 * earlier batches recorded stays, and the next run finds the rest).
 */
export async function matchSavedSearches(
  deps: { db: Db; notifyOutbox?: () => void },
  asins: readonly string[],
  now: Date,
  only?: NewOrChanged,
): Promise<MatchRun> {
  const run: MatchRun = { products: 0, newMatches: 0, emailsQueued: 0 };
  if (asins.length === 0 || !(await anyActiveSearch(deps.db))) return run;
  const unique = [...new Set(asins)];
  // Each search is read into terms once per run, however many batches file it.
  const compiled = new Map<number, CompiledSearch>();
  const changed = new Set(only?.changed ?? []);
  const instant = new Map<number, InstantMatches>();
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH);
    // Only this batch's repriced ASINs go with it (a 5,000-long `any` list per row is quadratic).
    const batchOnly = only && { ...only, changed: slice.filter((a) => changed.has(a)) };
    const batch = await productsForMatching(deps.db, slice, batchOnly);
    run.products += batch.length;
    const found = await matchBatch(deps.db, batch, compiled);
    // Instant searches' matches wait in memory for the last step; digest searches' are recorded now.
    const forDigest: Found[] = [];
    for (const f of found) {
      if (f.search.frequency !== 'instant') forDigest.push(f);
      else {
        const entry = instant.get(f.search.id) ?? { search: f.search, products: [] };
        entry.products.push(f.product);
        instant.set(f.search.id, entry);
      }
    }
    if (forDigest.length === 0) continue;
    run.newMatches += await deps.db.transaction(async (tx) => countNewMatches(tx, await mailableRows(tx, forDigest, now, null)));
  }
  const sent = await recordAndEmailInstant(deps.db, [...instant.values()], now);
  run.newMatches += sent.newMatches;
  run.emailsQueued = sent.emailsQueued;
  if (run.emailsQueued > 0) deps.notifyOutbox?.();
  return run;
}

/**
 * As {@link matchSavedSearches}, but never throws: a failure is logged as its error type only (the
 * import or price check that called it has already committed; the next run matches again).
 */
export async function matchSavedSearchesSafely(
  deps: { db: Db; notifyOutbox?: () => void; log?: (message: string) => void },
  asins: readonly string[],
  now: Date,
  only?: NewOrChanged,
): Promise<MatchRun | null> {
  try {
    return await matchSavedSearches(deps, asins, now, only);
  } catch (error) {
    deps.log?.(`saved-search matching failed: ${error instanceof Error ? error.name : 'error'}`);
    return null;
  }
}

interface Found {
  search: CandidateSearch;
  product: ProductForMatching;
}

/** The (search, product) pairs of one batch: candidates from the term table, tested in memory. */
async function matchBatch(db: Db, batch: readonly ProductForMatching[], compiled: Map<number, CompiledSearch>): Promise<Found[]> {
  const stemsOf = new Map<ProductForMatching, string[]>();
  const keys = new Set<string>();
  for (const product of batch) {
    const stems = productStems(product);
    stemsOf.set(product, stems);
    for (const stem of stems) keys.add(stem);
    keys.add(categoryKey(product.category));
  }
  const filed = await searchesUnderKeys(db, [...keys]);
  if (filed.length === 0) return [];
  // Each candidate filed under the keys the term table holds for it among this batch's keys: a
  // product that matches a search holds one of its keys, so this finds every match.
  const keysOf = new Map<number, { search: CandidateSearch; keys: string[] }>();
  for (const { term, ...search } of filed) {
    const entry = keysOf.get(search.id) ?? { search, keys: [] };
    entry.keys.push(term);
    keysOf.set(search.id, entry);
  }
  const index = new SavedSearchIndex();
  for (const { search, keys: filedKeys } of keysOf.values()) {
    let terms = compiled.get(search.id);
    if (!terms) compiled.set(search.id, (terms = compileSearch(search, () => 0)));
    index.add({ ...terms, keys: filedKeys });
  }
  const found: Found[] = [];
  for (const product of batch) {
    for (const search of index.match(product, stemsOf.get(product))) found.push({ search: keysOf.get(search.id)!.search, product });
  }
  return found;
}

/**
 * The match rows of `found` whose address is mailable (confirmed and subscribed, read in `tx`),
 * matched at `now` and e-mailed at `notifiedAt` (null: not yet, for a digest).
 */
async function mailableRows(tx: Tx, found: readonly Found[], now: Date, notifiedAt: Date | null): Promise<MatchRow[]> {
  const mailable = await mailableEmails(
    tx,
    found.map((f) => f.search.userEmail),
  );
  return found
    .filter((f) => mailable.has(f.search.userEmail))
    .map(({ search, product }) => ({
      savedSearchId: search.id,
      asin: product.asin,
      pricePence: product.pricePence,
      savingPercent: product.dealPercent,
      matchedAt: now,
      notifiedAt,
    }));
}

/** An instant search and the products this run found for it. */
interface InstantMatches {
  search: CandidateSearch;
  products: ProductForMatching[];
}

/** Match rows written per transaction of the instant step (each search wholly in one). */
const INSTANT_ROWS_PER_TRANSACTION = 50_000;

/**
 * The instant step: each instant search's matches of this run are recorded already marked e-mailed,
 * in the transaction that queues its one e-mail listing the new ones (so no match row is written
 * twice and none is read back). Searches are grouped into transactions of about
 * {@link INSTANT_ROWS_PER_TRANSACTION} rows; a search is never split, so it hears once per run
 * however many batches found its matches. Matches already recorded (`ON CONFLICT DO NOTHING`) are
 * not news. The dedupe key is the search and its new ASINs. A run that fails before a group commits
 * records and sends nothing of that group (never twice).
 */
async function recordAndEmailInstant(
  db: Db,
  entries: readonly InstantMatches[],
  now: Date,
): Promise<{ newMatches: number; emailsQueued: number }> {
  const total = { newMatches: 0, emailsQueued: 0 };
  let group: InstantMatches[] = [];
  let rows = 0;
  const flush = async () => {
    if (group.length === 0) return;
    const part = group;
    group = [];
    rows = 0;
    const done = await db.transaction(async (tx) => {
      const found = part.flatMap(({ search, products }) => products.map((product) => ({ search, product })));
      const added = await insertNewMatches(tx, await mailableRows(tx, found, now, now));
      if (added.length === 0) return { newMatches: 0, emailsQueued: 0 };
      const newOf = new Map<number, Set<string>>();
      for (const { savedSearchId, asin } of added) {
        const set = newOf.get(savedSearchId) ?? new Set<string>();
        set.add(asin);
        newOf.set(savedSearchId, set);
      }
      const messages: DeferredEmail[] = [];
      for (const { search, products } of part) {
        const fresh = newOf.get(search.id);
        if (!fresh) continue;
        const matches = products.filter((p) => fresh.has(p.asin));
        const shown = bestOf(matches.map(factsOf)).map((m) =>
          emailedOf(
            m,
            products.find((p) => p.asin === m.asin)!,
          ),
        );
        const asins = [...fresh].sort();
        const key = `saved-search:${search.id}:${createHash('sha256').update(asins.join(',')).digest('hex').slice(0, 24)}`;
        messages.push(savedSearchEmail(search, matches.length, shown, key, now, 'instant'));
      }
      const queued = await enqueueEmails(tx, messages);
      return { newMatches: added.length, emailsQueued: queued.size };
    });
    total.newMatches += done.newMatches;
    total.emailsQueued += done.emailsQueued;
  };
  for (const entry of entries) {
    group.push(entry);
    rows += entry.products.length;
    if (rows >= INSTANT_ROWS_PER_TRANSACTION) await flush();
  }
  await flush();
  return total;
}

/** What ranks a match in an e-mail: its price and verified saving when matched (pence, whole percent). */
interface MatchFacts {
  asin: string;
  pricePence: number;
  savingPercent: number | null;
}

/** The facts of a product matched now. */
function factsOf(product: ProductForMatching): MatchFacts {
  return { asin: product.asin, pricePence: product.pricePence, savingPercent: product.dealPercent };
}

/** A match as an e-mail lists it: its facts when matched, and the product's title, image and label. */
type EmailedMatch = MatchFacts & ListedProduct;

/** `facts` with what the e-mail shows of its product (read from the catalogue row or the product in memory). */
function emailedOf(facts: MatchFacts, product: ListedProduct): EmailedMatch {
  return { ...facts, title: product.title, imageUrl: product.imageUrl, dealLabel: product.dealLabel };
}

/** Largest verified saving first (none last), then the lower price, then the ASIN. */
function bestFirst(a: MatchFacts, b: MatchFacts): number {
  return (
    (b.savingPercent ?? -1) - (a.savingPercent ?? -1) || a.pricePence - b.pricePence || (a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : 0)
  );
}

/** The matches an e-mail lists: the {@link ITEMS_PER_EMAIL} best by {@link bestFirst}. */
function bestOf<T extends MatchFacts>(matches: readonly T[]): T[] {
  return [...matches].sort(bestFirst).slice(0, ITEMS_PER_EMAIL);
}

/**
 * The deferred e-mail of a search's `n` new matches (kind 'saved-search', the digest layout of
 * email/templates/deal-digest.email.tsx), listing `shown` (the best few, {@link bestOf}): each
 * product with its price and verified saving when matched, linking to our product page.
 * `payload.savedSearchId` lets "Sent to you" scope it.
 */
function savedSearchEmail(
  search: Pick<CandidateSearch, 'id' | 'userEmail' | 'keywords' | 'category' | 'maxPricePence' | 'minSavingPercent'>,
  n: number,
  shown: readonly EmailedMatch[],
  dedupeKey: string,
  now: Date,
  when: 'instant' | 'daily' | 'weekly',
): DeferredEmail {
  // Hundreds of matches (a broad search on a first import) list the best few and count the rest;
  // every one of them is recorded as e-mailed.
  const what = describeSearch(search);
  const lead = when === 'instant' ? 'New' : when === 'daily' ? "Today's" : "This week's";
  const intro =
    `${n} new ${n === 1 ? 'product matches' : 'products match'} your saved search ${what}.` +
    (n > shown.length
      ? ` The ${shown.length} with the largest verified saving are below, and ${n - shown.length} more: search on the site for them.`
      : '') +
    ' Each product is sent to you once.';
  return {
    recipient: search.userEmail,
    kind: 'saved-search',
    dedupeKey,
    createdAt: now,
    payload: {
      savedSearchId: search.id,
      subject: `${lead} ${n === 1 ? 'match' : 'matches'} for ${search.keywords ? `“${search.keywords}”` : 'your saved search'}: ${n} ${n === 1 ? 'product' : 'products'}`,
      heading: `${lead} matches for your saved search`,
      intro,
      items: shown.map((m) => ({
        asin: m.asin,
        title: m.title,
        imageUrl: m.imageUrl,
        wasPence: null,
        nowPence: m.pricePence,
        percent: m.savingPercent,
        label: m.savingPercent === null ? null : m.dealLabel,
      })),
      campaign: EMAIL_CAMPAIGNS.savedSearch,
      issuedAt: now.toISOString(),
    },
  };
}

export interface SavedSearchDigestRun {
  queued: number;
  tooEarly: boolean;
}

/**
 * Queues the daily and weekly digests of saved searches due at `now` (run hourly by the
 * 'deal-digest' job): from 08:00 UK time, each active search of that frequency with matches not yet
 * e-mailed gets one e-mail per UK day or ISO week (`saved-search-digest:{id}:{period}` is unique, so
 * a second run, instance or retry writes nothing); those matches are then marked e-mailed. One
 * transaction.
 */
export async function sendSavedSearchDigests(deps: { db: Db; notifyOutbox?: () => void }, now: Date): Promise<SavedSearchDigestRun> {
  if (ukHourOf(now) < DIGEST_EARLIEST_UK_HOUR) return { queued: 0, tooEarly: true };
  const queued = await deps.db.transaction(async (tx) => {
    let count = 0;
    for (const frequency of ['daily', 'weekly'] as const) {
      const due = (await searchesWithUnsentMatches(tx, frequency)).map(({ search, matches }) => {
        const listable = matches.filter((m) => m.listable);
        return { search, matches, listable, best: bestOf(listable) };
      });
      // Titles and images only for the products the e-mails list (at most 10 each): one query.
      const details = await listedProducts(
        tx,
        due.flatMap((d) => d.best.map((m) => m.asin)),
      );
      for (const { search, matches, listable, best } of due) {
        const all = matches.map((m) => m.asin);
        if (listable.length === 0) {
          // Every product matched has left the catalogue since: nothing to list or link to.
          await markNotified(tx, search.id, all, now);
          continue;
        }
        const shown = best.flatMap((m) => {
          const product = details.get(m.asin);
          return product ? [emailedOf(m, product)] : [];
        });
        const key = `saved-search-digest:${search.id}:${digestPeriod(frequency, now)}`;
        const added = await enqueueEmails(tx, [savedSearchEmail(search, listable.length, shown, key, now, frequency)]);
        if (added.size === 0) continue; // this period's digest went out already: these wait for the next
        await markNotified(tx, search.id, all, now);
        count += 1;
      }
    }
    return count;
  });
  if (queued > 0) deps.notifyOutbox?.();
  return { queued, tooEarly: false };
}
