/**
 * The local catalogue as a price source (DESIGN.md §2 "Amazon": the embedded default when there are
 * no Creators API credentials). Prices come from the latest import; a quote's `observedAt` is the
 * product's `price_as_of`, so the "as of" time stays honest (DESIGN.md §4 "Honest prices").
 *
 * It behaves like a remote source on purpose — at most `maxAsinsPerCall` (10, as Amazon's getItems)
 * ASINs per call, one query per call — so the price-check job and its batching are exercised the
 * same way whichever source is plugged in.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalogue.schema';
import { isLabelledSavingBasis } from '../../common/discount';
import type { PriceQuote, PriceSource } from './price-source';

/** Name recorded on price observations and compared by the price-check job (a catalogue quote never rewrites the catalogue). */
export const CATALOGUE_SOURCE_NAME = 'catalogue';

/**
 * Creates the catalogue source over `db`. `lookup(asins)` reads `price_pence`, `list_price_pence`,
 * `saving_basis_type` and `price_as_of` of up to 10 ASINs in one query; ASINs not in the catalogue
 * are absent from the answer. Throws a RangeError when given more than 10 ASINs (the caller must
 * batch), and whatever the database throws.
 */
export function createCatalogueSource(db: Db): PriceSource {
  const maxAsinsPerCall = 10;
  return {
    name: CATALOGUE_SOURCE_NAME,
    maxAsinsPerCall,
    async lookup(asins) {
      if (asins.length > maxAsinsPerCall) throw new RangeError(`at most ${maxAsinsPerCall} ASINs per call, got ${asins.length}`);
      const quotes = new Map<string, PriceQuote>();
      if (asins.length === 0) return quotes;
      const rows = await db
        .select({
          asin: products.asin,
          pricePence: products.pricePence,
          listPricePence: products.listPricePence,
          savingBasisType: products.savingBasisType,
          priceAsOf: products.priceAsOf,
        })
        .from(products)
        .where(inArray(products.asin, [...asins]));
      for (const row of rows) {
        const basis = isLabelledSavingBasis(row.savingBasisType) ? row.savingBasisType : null;
        quotes.set(row.asin, {
          asin: row.asin,
          pricePence: row.pricePence,
          listPricePence: row.listPricePence,
          savingBasisType: row.listPricePence === null ? null : basis,
          observedAt: row.priceAsOf,
        });
      }
      return quotes;
    },
  };
}
