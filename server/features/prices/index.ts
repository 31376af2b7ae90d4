/**
 * The prices feature's public module (docs/architecture.md "Import rules"; decision 0005): the one
 * writer of price observations, `price_as_of`, the 30-day statistics and the deal basis.
 */
export {
  confirmPrices,
  DEAL_KINDS,
  loadPricedProducts,
  priceGaps,
  recordPrices,
  refreshProductStats,
  rejudgeTimeBoundClaims,
  setProductPrices,
  setProductStock,
  statsOfNewProduct,
  type DealKind,
  type NewObservation,
  type NewProductValues,
  type PriceConfirmation,
  type PriceGap,
  type ProductPriceUpdate,
  type ProductStatsValues,
} from './prices.service';
export { hasSubstantiatedSavingSql, originalPricePenceSql } from './original-price.sql';
export { configurePriceEvidence, feedPriceMaxAgeDays, isStaleFeedPrice, REFERENCE_RULES } from './deal-basis.rules';
