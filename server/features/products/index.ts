/**
 * The products feature's public module (docs/architecture.md "Import rules"), for features that show
 * catalogue products: the columns of a product row (`productColumns`, the one list) and the one
 * mapping of a row onto the API's Product with the licence's 24 hours applied (product-shape.ts,
 * decision 0014), search and the product page, the deal listings, and the answer caches of listings;
 * and what a title says a product is (search-text.ts, issue 28), which cheaper alternatives share.
 */
export {
  amazonFreshSince,
  chooseOriginalPrice,
  currentPrice,
  normaliseCriteria,
  priceShowableSql,
  productColumns,
  productDetail,
  publicPriceView,
  searchProducts,
  toProduct,
  toShownProduct,
  withPriceView,
  type PriceView,
  type ProductRow,
} from './products.service';
export { dealBasisOf, listTodaysDeals, listTrending, type ListingTotals } from './deals.service';
export { createListingCaches, type ListingCaches } from './listing-cache';
export {
  ACCESSORY_HEADS,
  GENERIC_HEADS,
  analyseTitle,
  isHeadOf,
  isSegmentHeadOf,
  stemOf,
  termIn,
  termsOf,
  wordsOf,
  type Term,
  type TitleAnalysis,
} from './search-text';
export { termQuery } from './search-query';
