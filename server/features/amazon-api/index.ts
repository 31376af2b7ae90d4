/**
 * The Amazon API feature's public module (docs/architecture.md "Import rules"): what other features
 * may use of it. Issue 30: a product fetched because a shopper asked to track it.
 */
export { fetchProductForShopper, type ShopperFetch, type ShopperFetchDeps } from './amazon-shopper-fetch.service';
// Issue 29: a category page's CSV adds ASINs the catalogue lacks through the owners' import (admin priority).
export { importFromAmazon, NOT_CONFIGURED, type AmazonApiDeps } from './amazon-api.service';
