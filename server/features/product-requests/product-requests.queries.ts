/**
 * SQL of product requests (issue 30 "Track any Amazon product"): ASINs shoppers asked to track that
 * the catalogue does not hold, counted per ASIN (no personal data). Runs on the database or a transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { productRequests } from '../../db/schema/product-requests.schema';

type Queryable = Db | Tx;

/**
 * Counts one more request for `asin` at `now` (the first one creates the row) and stores why the
 * last fetch failed (null when none was tried). Answers the request count after this one.
 */
export async function noteProductRequest(db: Queryable, asin: string, now: Date, fetchError: string | null): Promise<number> {
  const [row] = await db
    .insert(productRequests)
    .values({ asin, requestCount: 1, firstRequestedAt: now, lastRequestedAt: now, lastFetchError: fetchError })
    .onConflictDoUpdate({
      target: productRequests.asin,
      set: {
        requestCount: sql`${productRequests.requestCount} + 1`,
        lastRequestedAt: sql`greatest(${productRequests.lastRequestedAt}, excluded.last_requested_at)`,
        lastFetchError: sql`excluded.last_fetch_error`,
      },
    })
    .returning({ count: productRequests.requestCount });
  return row?.count ?? 1;
}

/** Forgets the request for `asin` (its product is in the catalogue now). */
export async function deleteProductRequest(db: Queryable, asin: string): Promise<void> {
  await db.delete(productRequests).where(sql`${productRequests.asin} = ${asin}`);
}

export interface ProductRequestRow {
  asin: string;
  requestCount: number;
  firstRequestedAt: Date;
  lastRequestedAt: Date;
  lastFetchError: string | null;
}

/**
 * The requests whose product the catalogue still lacks, most wanted first (count, then the latest
 * asked), at most `limit`, and how many there are in all. One statement each; the order reads
 * product_requests_wanted_idx.
 */
export async function listProductRequests(db: Queryable, limit: number): Promise<{ rows: ProductRequestRow[]; total: number }> {
  const missing = sql`not exists (select 1 from products p where p.asin = r.asin)`;
  const list = await db.execute(sql`
    select r.asin, r.request_count, r.first_requested_at, r.last_requested_at, r.last_fetch_error
    from ${productRequests} r where ${missing}
    order by r.request_count desc, r.last_requested_at desc, r.asin
    limit ${limit}`);
  const count = await db.execute(sql`select count(*)::int as n from ${productRequests} r where ${missing}`);
  const rows = rowsOf<{
    asin: string;
    request_count: number | string;
    first_requested_at: string | Date;
    last_requested_at: string | Date;
    last_fetch_error: string | null;
  }>(list).map((r) => ({
    asin: r.asin,
    requestCount: Number(r.request_count),
    firstRequestedAt: new Date(r.first_requested_at),
    lastRequestedAt: new Date(r.last_requested_at),
    lastFetchError: r.last_fetch_error,
  }));
  return { rows, total: Number(rowsOf<{ n: number | string }>(count)[0]?.n ?? 0) };
}
