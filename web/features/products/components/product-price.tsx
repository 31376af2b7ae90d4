/**
 * Moved to web/components/product/product-price.tsx (issue 26: the shared price-and-buy part lives
 * where every feature may import it). This re-export keeps older imports working; import from
 * there instead. Note: for a product without a price we may show, ProductPrice now draws nothing
 * (the shared PriceAndBuy's button reads "See today's price on Amazon").
 */
export {
  ProductPrice,
  TODAYS_PRICE_TEXT,
  CHECK_TODAYS_PRICE_TEXT,
  priceState,
  lastSeenText,
} from '../../../components/product/product-price';
export type { ProductPriceProps, PricedProduct, PriceState, PriceSize } from '../../../components/product/product-price';
