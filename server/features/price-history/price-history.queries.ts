/**
 * SQL of the price-history import (issue 30): the observations already recorded for the products a
 * file touches, so the import adds only what is new (idempotent) and never contradicts our own
 * record. Writes go through the prices feature (`recordPrices`). Runs on the database or a transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { priceObservations } from '../../db/schema/catalogue.schema';

/** One recorded observation, times in epoch ms. Pence. */
export interface RecordedObservation {
  pricePence: number;
  observedMs: number;
  /** Last confirmation (epoch ms), or null: seen only at observedMs. */
  confirmedMs: number | null;
}

/** Every observation of `productIds`, per product id, oldest first (one statement). */
export async function recordedObservations(db: Db | Tx, productIds: readonly number[]): Promise<Map<number, RecordedObservation[]>> {
  const found = new Map<number, RecordedObservation[]>();
  if (productIds.length === 0) return found;
  const result = await db.execute(sql`
    select o.product_id, o.price_pence, o.observed_at, o.confirmed_at from ${priceObservations} o
    where o.product_id = any(${sql.param(productIds.map((id) => Math.trunc(id)))}::bigint[])
    order by o.product_id, o.observed_at, o.id`);
  for (const r of rowsOf<{
    product_id: number | string;
    price_pence: number;
    observed_at: string | Date;
    confirmed_at: string | Date | null;
  }>(result)) {
    const id = Number(r.product_id);
    let list = found.get(id);
    if (!list) found.set(id, (list = []));
    list.push({
      pricePence: Number(r.price_pence),
      observedMs: new Date(r.observed_at).getTime(),
      confirmedMs: r.confirmed_at === null ? null : new Date(r.confirmed_at).getTime(),
    });
  }
  return found;
}
