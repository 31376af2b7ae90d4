/**
 * Where prices come from (DESIGN.md §2 "Amazon"; issue #2 part 7). The price-check job talks only
 * to this interface, so the Amazon Creators API client can replace the catalogue source without
 * changing the job.
 */
import type { LabelledSavingBasis } from '../../common/discount';

/** One product's price as a source reports it. Money in integer pence. */
export interface PriceQuote {
  asin: string;
  /** Current price, pence; null when the source has no offer (out of stock, no buy box). */
  pricePence: number | null;
  /** Labelled saving basis (list/was price), pence, or null. */
  listPricePence: number | null;
  savingBasisType: LabelledSavingBasis | null;
  /** When the source observed this price. */
  observedAt: Date;
  /**
   * Whether the offer is in stock (issue 30: back-in-stock alerts), when the source says; absent or
   * null: unknown. The Creators API's `offersV2.listings.availability`.
   */
  inStock?: boolean | null;
}

export interface PriceSource {
  /** 'catalogue' | 'creators-api' */
  readonly name: string;
  /** Most ASINs one call may carry (Amazon getItems: 10). */
  readonly maxAsinsPerCall: number;
  /**
   * Looks up at most `maxAsinsPerCall` ASINs in **one** call. ASINs the source does not know are
   * absent from the map. Throws when the whole call fails (network, 5xx, access denied).
   */
  lookup(asins: readonly string[]): Promise<Map<string, PriceQuote>>;
}
