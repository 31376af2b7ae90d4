/** STUB (replaced by the catalogue feature): seeds the shipped demo catalogue. */
import type { Db } from '../../../db/client';

export async function seedDemoCatalogue(_db: Db, _now: Date): Promise<{ products: number }> {
  return { products: 0 };
}
