/**
 * Queries of saved searches (issue 30): the searches and their inverted term index, the sent-match
 * table, and the catalogue rows matching reads. Money in pence. Who may reach a row follows
 * DESIGN.md §4 "Visitors": a mailbox token every search of its address, a device token those it made.
 */
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import { savedSearchMatches, savedSearches, savedSearchTerms } from '../../db/schema/saved-searches.schema';
import type { Visitor } from '../visitors';
import type { MatchableProduct, SearchCriteria } from './saved-search-match.rules';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** Products counted at most per stem when rating rarity: beyond it a stem is simply common. */
const RARITY_CAP = 5000;

/**
 * How many catalogue products hold each stem (their English search document's lexeme), capped at
 * {@link RARITY_CAP}: one statement for every stem, each count an index scan of products_search_idx.
 */
export async function stemFrequencies(db: Db | Tx, stems: readonly string[]): Promise<Map<string, number>> {
  if (stems.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.stem, (select count(*) from (select 1 from products p
      where p.search_vector @@ plainto_tsquery('simple', s.stem) limit ${RARITY_CAP}) x) as n
    from unnest(${sql.param([...stems])}::text[]) as s(stem)`);
  return new Map(rowsOf<{ stem: string; n: number | string }>(result).map((r) => [r.stem, Number(r.n)]));
}

/**
 * Saved searches of `email` (lower-cased), to hold the per-address limit; `startedOnly` counts only
 * those that do not wait for proof (the owner's limit, which strangers' waiting ones never fill).
 */
export async function countSearchesOf(db: Db | Tx, email: string, startedOnly = false): Promise<number> {
  const own = eq(savedSearches.userEmail, email);
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(startedOnly ? and(own, eq(savedSearches.awaitingProof, false)) : own);
  return row?.n ?? 0;
}

/** Inserts a saved search and its index keys; answers the row. */
export async function insertSavedSearch(
  tx: Tx,
  values: typeof savedSearches.$inferInsert,
  keys: readonly string[],
): Promise<SavedSearchRow> {
  const [row] = await tx.insert(savedSearches).values(values).returning();
  if (!row) throw new Error('insertSavedSearch returned no row');
  if (keys.length > 0) await tx.insert(savedSearchTerms).values(keys.map((term) => ({ term, savedSearchId: row.id })));
  return row;
}

/** The saved searches `visitor` may reach (DESIGN.md §4 "Visitors"). */
function reachableBy(visitor: Visitor): SQL {
  const own = eq(savedSearches.userEmail, visitor.email);
  return visitor.proof === 'mailbox' ? own : (and(own, eq(savedSearches.createdByTokenId, visitor.tokenId)) as SQL);
}

/** The searches `visitor` may reach, newest first, each with how many products it matched. */
export async function listReachableSearches(db: Db | Tx, visitor: Visitor): Promise<Array<SavedSearchRow & { matches: number }>> {
  return db
    .select({
      ...getColumns(),
      matches: sql<number>`(select count(*)::int from ${savedSearchMatches} m where m.saved_search_id = ${savedSearches.id})`,
    })
    .from(savedSearches)
    .where(reachableBy(visitor))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

function getColumns() {
  const {
    id,
    userEmail,
    keywords,
    category,
    maxPricePence,
    minSavingPercent,
    frequency,
    isActive,
    awaitingProof,
    createdByTokenId,
    createdAt,
  } = savedSearches;
  return {
    id,
    userEmail,
    keywords,
    category,
    maxPricePence,
    minSavingPercent,
    frequency,
    isActive,
    awaitingProof,
    createdByTokenId,
    createdAt,
  };
}

/** Deletes search `id` when `visitor` may reach it (its terms and matches go with it); true when deleted. */
export async function deleteReachableSearch(db: Db | Tx, id: number, visitor: Visitor): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), reachableBy(visitor)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Descriptions of the searches of `email` that wait for the mailbox's proof (what a link e-mail lists), oldest first. */
export async function pendingSearchKeywords(db: Db | Tx, email: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userEmail, email), eq(savedSearches.awaitingProof, true)))
    .orderBy(savedSearches.createdAt, savedSearches.id)
    .limit(50);
}

/**
 * Starts the waiting searches of `proof.email` a link proved (issue 25, as alerts): those created
 * before `issuedBefore` (its e-mail listed them) and those made by `deviceTokenId`. Answers how many.
 */
export async function startProvedSearches(
  tx: Db | Tx,
  proof: { email: string; issuedBefore: Date; deviceTokenId: number | null },
): Promise<number> {
  const byDevice = proof.deviceTokenId === null ? sql`false` : eq(savedSearches.createdByTokenId, proof.deviceTokenId);
  const rows = await tx
    .update(savedSearches)
    .set({ awaitingProof: false, isActive: true })
    .where(
      and(
        eq(savedSearches.userEmail, proof.email),
        eq(savedSearches.awaitingProof, true),
        or(lt(savedSearches.createdAt, proof.issuedBefore), byDevice),
      ),
    )
    .returning({ id: savedSearches.id });
  return rows.length;
}

/** True when at least one saved search is active (else matching has nothing to do). */
export async function anyActiveSearch(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.isActive, true)).limit(1);
  return rows.length > 0;
}

/** A catalogue product as matching and the match row read it. */
export type ProductForMatching = MatchableProduct & { imageUrl: string | null; dealLabel: string | null };

/**
 * The active catalogue rows of `asins` (those still there; an owner's inactive product matches
 * nothing, decision 0034), for matching; with `only`, just those created
 * at or after `only.createdSince`, listed in `only.changed`, or written at or after
 * `only.updatedSince` (an import's new and repriced products; a price check's repriced ones).
 */
export async function productsForMatching(
  db: Db | Tx,
  asins: readonly string[],
  only?: { createdSince: Date; changed?: readonly string[]; updatedSince?: Date },
): Promise<ProductForMatching[]> {
  if (asins.length === 0) return [];
  const newOrChanged = only
    ? sql` and (${products.createdAt} >= ${only.createdSince.toISOString()}::timestamptz
        or ${products.asin} = any(${sql.param([...(only.changed ?? [])])}::text[])
        ${only.updatedSince ? sql`or ${products.updatedAt} >= ${only.updatedSince.toISOString()}::timestamptz` : sql``})`
    : sql``;
  return db
    .select({
      asin: products.asin,
      title: products.title,
      brand: products.brand,
      category: products.category,
      pricePence: products.pricePence,
      dealPercent: products.dealPercent,
      imageUrl: products.imageUrl,
      dealLabel: products.dealLabel,
    })
    .from(products)
    .where(sql`${products.asin} = any(${sql.param([...asins])}::text[])${newOrChanged} and ${shopperVisible}`);
}

/** An active saved search filed under one of the looked-up keys. */
export type CandidateSearch = SearchCriteria & { userEmail: string; frequency: SavedSearchRow['frequency'] };

/** The active searches filed (saved_search_terms) under any of `keys`: one row per (key, search). */
export async function searchesUnderKeys(db: Db | Tx, keys: readonly string[]): Promise<Array<CandidateSearch & { term: string }>> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      term: savedSearchTerms.term,
      id: savedSearches.id,
      keywords: savedSearches.keywords,
      category: savedSearches.category,
      maxPricePence: savedSearches.maxPricePence,
      minSavingPercent: savedSearches.minSavingPercent,
      userEmail: savedSearches.userEmail,
      frequency: savedSearches.frequency,
    })
    .from(savedSearchTerms)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchTerms.savedSearchId))
    .where(and(sql`${savedSearchTerms.term} = any(${sql.param([...keys])}::text[])`, eq(savedSearches.isActive, true)));
  return rows;
}

export type MatchRow = typeof savedSearchMatches.$inferInsert;

/**
 * Match rows per INSERT: one array parameter per column, so no limit on parameters. Measured on the
 * bench's first import (decision 0036): larger statements cost no less per row.
 */
const MATCHES_PER_INSERT = 10_000;

/** A (search, ASIN) match that was new when inserted. */
export interface NewMatch {
  savedSearchId: number;
  asin: string;
}

/**
 * Inserts the matches not yet recorded (one per search and ASIN, ever: `ON CONFLICT DO NOTHING`),
 * set-based (`INSERT … SELECT FROM unnest(arrays)`, {@link MATCHES_PER_INSERT} rows a statement, in
 * primary-key order so each statement touches neighbouring index pages); answers the pairs that were
 * new. A row is narrow (search, ASIN, price and saving when matched, times: migration 0027). Every
 * row of one call has the first row's `matchedAt` and `notifiedAt` (null: not yet e-mailed, for a
 * digest; a time: e-mailed by the caller's transaction).
 *
 * What crosses back is small (decision 0036): each statement answers how many rows of each search it
 * inserted; a search all of whose rows were new (every search, on a first import) needs nothing more.
 * Only for a search some of whose rows were already there are its new pairs read back, as the rows of
 * those pairs this transaction wrote (`xmin`): so `tx` must be a top-level transaction (not a
 * savepoint), as the matching service's are.
 */
export async function insertNewMatches(tx: Tx, rows: readonly MatchRow[]): Promise<NewMatch[]> {
  return (await insertMatches(tx, rows, true)).added;
}

/** As {@link insertNewMatches}, answering only how many were new (nothing per row crosses back). */
export async function countNewMatches(tx: Tx, rows: readonly MatchRow[]): Promise<number> {
  return (await insertMatches(tx, rows, false)).count;
}

async function insertMatches(tx: Tx, rows: readonly MatchRow[], pairs: boolean): Promise<{ added: NewMatch[]; count: number }> {
  const added: NewMatch[] = [];
  let count = 0;
  if (rows.length === 0) return { added, count };
  const sorted = [...rows].sort((a, b) => a.savedSearchId - b.savedSearchId || (a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : 0));
  const matchedAt = sql`${rows[0]!.matchedAt.toISOString()}::timestamptz`;
  const notifiedAt = rows[0]!.notifiedAt ? sql`${rows[0]!.notifiedAt.toISOString()}::timestamptz` : sql`null::timestamptz`;
  for (let i = 0; i < sorted.length; i += MATCHES_PER_INSERT) {
    const chunk = sorted.slice(i, i + MATCHES_PER_INSERT);
    const col = <T>(pick: (r: MatchRow) => T) => sql.param(chunk.map(pick));
    const result = await tx.execute(sql`
      with added as (
        insert into saved_search_matches (saved_search_id, asin, price_pence, saving_percent, matched_at, notified_at)
        select m.id, m.asin, m.price, m.saving, ${matchedAt}, ${notifiedAt}
        from unnest(${col((r) => r.savedSearchId)}::bigint[], ${col((r) => r.asin)}::text[], ${col((r) => r.pricePence)}::int[],
          ${col((r) => r.savingPercent ?? null)}::smallint[]) as m(id, asin, price, saving)
        on conflict do nothing
        returning saved_search_id
      )
      select saved_search_id as id, count(*)::int as n from added group by 1`);
    const newOf = new Map(rowsOf<{ id: number | string; n: number | string }>(result).map((r) => [Number(r.id), Number(r.n)]));
    for (const n of newOf.values()) count += n;
    if (!pairs) continue;
    const sentOf = new Map<number, number>();
    for (const r of chunk) sentOf.set(r.savedSearchId, (sentOf.get(r.savedSearchId) ?? 0) + 1);
    const partly = new Set([...newOf].filter(([id, n]) => n < sentOf.get(id)!).map(([id]) => id));
    for (const r of chunk)
      if (newOf.get(r.savedSearchId) === sentOf.get(r.savedSearchId)) added.push({ savedSearchId: r.savedSearchId, asin: r.asin });
    if (partly.size === 0) continue;
    const asked = chunk.filter((r) => partly.has(r.savedSearchId));
    const written = await tx.execute(sql`
      select e.saved_search_id as id, e.asin
      from unnest(${sql.param(asked.map((r) => r.savedSearchId))}::bigint[], ${sql.param(asked.map((r) => r.asin))}::text[]) as x(id, asin)
        join saved_search_matches e on e.saved_search_id = x.id and e.asin = x.asin
      where e.xmin = pg_current_xact_id()::xid`);
    for (const r of rowsOf<{ id: number | string; asin: string }>(written)) added.push({ savedSearchId: Number(r.id), asin: r.asin });
  }
  return { added, count };
}

/** Marks the matches of `savedSearchId` on `asins` as e-mailed at `now`. */
export async function markNotified(tx: Tx, savedSearchId: number, asins: readonly string[], now: Date): Promise<void> {
  await tx
    .update(savedSearchMatches)
    .set({ notifiedAt: now })
    .where(and(eq(savedSearchMatches.savedSearchId, savedSearchId), inArray(savedSearchMatches.asin, [...asins])));
}

/** A match not yet e-mailed, as the digest reads it (pence; `listable`: its product is still in the catalogue). */
export interface UnsentMatch {
  asin: string;
  /** The price when matched, pence. */
  pricePence: number;
  /** The verified saving when matched, or null. */
  savingPercent: number | null;
  matchedAt: Date;
  /** False when the product has left the catalogue since (nothing to link to: not listed, marked e-mailed). */
  listable: boolean;
}

/** A search with matches not yet e-mailed, for the digest. */
export interface DueDigest {
  search: SavedSearchRow;
  matches: UnsentMatch[];
}

/**
 * Active searches of `frequency` with matches not yet e-mailed, and those matches (oldest first),
 * narrow: the digest reads titles and images for the products it lists only ({@link listedProducts}).
 * A match on a product an owner has made inactive since (decision 0034) waits, unsent, until it is
 * active again; one on a product deleted since comes with `listable` false.
 */
export async function searchesWithUnsentMatches(db: Db | Tx, frequency: 'instant' | 'daily' | 'weekly'): Promise<DueDigest[]> {
  const rows = await db
    .select({
      search: savedSearches,
      asin: savedSearchMatches.asin,
      pricePence: savedSearchMatches.pricePence,
      savingPercent: savedSearchMatches.savingPercent,
      matchedAt: savedSearchMatches.matchedAt,
      listable: sql<boolean>`${products.id} is not null`,
    })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .leftJoin(products, eq(products.asin, savedSearchMatches.asin))
    .where(
      and(
        isNull(savedSearchMatches.notifiedAt),
        eq(savedSearches.isActive, true),
        eq(savedSearches.frequency, frequency),
        or(isNull(products.id), shopperVisible),
      ),
    )
    .orderBy(savedSearches.id, savedSearchMatches.matchedAt, savedSearchMatches.asin);
  const bySearch = new Map<number, DueDigest>();
  for (const { search, ...match } of rows) {
    const due = bySearch.get(search.id) ?? { search, matches: [] };
    due.matches.push({ ...match, listable: Boolean(match.listable) });
    bySearch.set(search.id, due);
  }
  return [...bySearch.values()];
}

/** What an e-mail shows of a listed product besides the price and saving it was matched at. */
export interface ListedProduct {
  title: string;
  imageUrl: string | null;
  dealLabel: string | null;
}

/** The title, image and deal label of the catalogue products `asins` (those still there), by ASIN: one query. */
export async function listedProducts(db: Db | Tx, asins: readonly string[]): Promise<Map<string, ListedProduct>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .select({ asin: products.asin, title: products.title, imageUrl: products.imageUrl, dealLabel: products.dealLabel })
    .from(products)
    .where(sql`${products.asin} = any(${sql.param([...new Set(asins)])}::text[])`);
  return new Map(rows.map(({ asin, ...rest }) => [asin, rest]));
}
