/**
 * Matching saved searches against products, and e-mailing each new match once (issue 30 "Keyword
 * and category alerts"; docs/decisions/0031-saved-searches.md). Run after an import commits (its
 * new and repriced products) and after each price check (the products it looked up).
 *
 * Per batch of products: their title and brand stems (and category) are looked up in the inverted
 * term table (`saved_search_terms`), which gives only the active searches that can match; those are
 * read into terms and tested in memory (saved-search-match.rules.ts). The matches of confirmed,
 * subscribed addresses go into `saved_search_matches` (one row per search and ASIN, ever: `ON
 * CONFLICT DO NOTHING`), one transaction per batch. Then, in one more transaction, each "instant"
 * search with matches not yet e-mailed gets one e-mail listing them (outbox kind 'saved-search',
 * composed by the sender) and they are marked e-mailed; daily and weekly searches keep theirs for
 * {@link sendSavedSearchDigests}. A run that dies between the two leaves its matches unsent, and the
 * next run's last step sends them.
 */
import { createHash } from 'node:crypto';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import type { Db, Tx } from '../../db/client';
import { mailableEmails } from '../../email/mailability';
import { enqueueEmails, type DeferredEmail } from '../../email/outbox';
import { DIGEST_EARLIEST_UK_HOUR, digestPeriod, ukHourOf } from '../emails';
import { categoryKey, compileSearch, productStems, SavedSearchIndex, type CompiledSearch } from './saved-search-match.rules';
import { describeSearch } from './saved-searches.service';
import {
  anyActiveSearch,
  insertNewMatches,
  markNotified,
  productsForMatching,
  searchesUnderKeys,
  markAllNotified,
  searchesWithUnsentMatches,
  unsentMatchesOf,
  type CandidateSearch,
  type DueDigest,
  type MatchRow,
  type ProductForMatching,
} from './saved-searches.queries';

/** Products read and matched per transaction. */
const BATCH = 5000;
/** Products listed in one e-mail; more are counted in its intro. */
const ITEMS_PER_EMAIL = 30;

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
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH);
    // Only this batch's repriced ASINs go with it (a 5,000-long `any` list per row is quadratic).
    const batchOnly = only && { ...only, changed: slice.filter((a) => changed.has(a)) };
    const batch = await productsForMatching(deps.db, slice, batchOnly);
    run.products += batch.length;
    const found = await matchBatch(deps.db, batch, compiled);
    if (found.length === 0) continue;
    run.newMatches += await deps.db.transaction((tx) => recordMatches(tx, found, now));
  }
  if (run.newMatches > 0) run.emailsQueued = await queueInstantEmails(deps.db, now);
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

/** Records the new matches of mailable addresses, in `tx`; answers how many were new. */
async function recordMatches(tx: Tx, found: readonly Found[], now: Date): Promise<number> {
  const mailable = await mailableEmails(
    tx,
    found.map((f) => f.search.userEmail),
  );
  const rows: MatchRow[] = found
    .filter((f) => mailable.has(f.search.userEmail))
    .map(({ search, product }) => ({
      savedSearchId: search.id,
      asin: product.asin,
      productTitle: product.title,
      imageUrl: product.imageUrl,
      pricePence: product.pricePence,
      savingPercent: product.dealPercent,
      dealLabel: product.dealLabel,
      matchedAt: now,
    }));
  return insertNewMatches(tx, rows);
}

/**
 * Queues one e-mail per instant search with matches not yet e-mailed (this run's, and any a run
 * that died before this step left), and marks them e-mailed, in one transaction: a search hears
 * once per run however many batches found its matches. The dedupe key is the search and its ASINs.
 */
async function queueInstantEmails(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await unsentMatchesOf(tx, 'instant');
    if (due.length === 0) return 0;
    const messages = due.map(({ search, matches }) => {
      const asins = matches.map((m) => m.asin).sort();
      const key = `saved-search:${search.id}:${createHash('sha256').update(asins.join(',')).digest('hex').slice(0, 24)}`;
      return savedSearchEmail(search, matches, key, now, 'instant');
    });
    const queued = await enqueueEmails(tx, messages);
    await markAllNotified(tx, 'instant', now);
    return queued.size;
  });
}

type MatchRecord = DueDigest['matches'][number];

/**
 * The deferred e-mail of a search's new matches (kind 'saved-search', the digest layout of
 * email/templates/deal-digest.email.tsx): each product with its price and verified saving when
 * matched, linking to our product page. `payload.savedSearchId` lets "Sent to you" scope it.
 */
function savedSearchEmail(
  search: Pick<CandidateSearch, 'id' | 'userEmail' | 'keywords' | 'category' | 'maxPricePence' | 'minSavingPercent'>,
  matches: readonly MatchRecord[],
  dedupeKey: string,
  now: Date,
  when: 'instant' | 'daily' | 'weekly',
): DeferredEmail {
  const shown = matches.slice(0, ITEMS_PER_EMAIL);
  const n = matches.length;
  const what = describeSearch(search);
  const lead = when === 'instant' ? 'New' : when === 'daily' ? "Today's" : "This week's";
  const intro =
    `${n} new ${n === 1 ? 'product matches' : 'products match'} your saved search ${what}.` +
    (n > shown.length ? ` The first ${shown.length} are below; search on the site for the rest.` : '') +
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
        title: m.productTitle,
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
      for (const { search, matches } of await searchesWithUnsentMatches(tx, frequency)) {
        const key = `saved-search-digest:${search.id}:${digestPeriod(frequency, now)}`;
        const added = await enqueueEmails(tx, [savedSearchEmail(search, matches, key, now, frequency)]);
        if (added.size === 0) continue; // this period's digest went out already: these wait for the next
        await markNotified(
          tx,
          search.id,
          matches.map((m) => m.asin),
          now,
        );
        count += 1;
      }
    }
    return count;
  });
  if (queued > 0) deps.notifyOutbox?.();
  return { queued, tooEarly: false };
}
