/** STUB (replaced by the jobs feature): the catalogue as a price source. */
import type { Db } from '../db/client';
import type { PriceSource } from './price-source';

export function createCatalogueSource(_db: Db): PriceSource {
  return { name: 'catalogue', maxAsinsPerCall: 10, lookup: async () => new Map() };
}
