/**
 * schema.org structured data (JSON-LD) for the first HTML response (issue 10 part 2): `Product` +
 * `Offer` on product pages, `Article` on blog posts. Only what we know is stated (issue 27:
 * "structured data states only what we know"):
 * - the offer's price is the stored one, in GBP, with the time it was observed at its source (a
 *   feed's own `observedAt`, not the import time) as the offer's and its `priceSpecification`'s
 *   `validFrom`; no `priceValidUntil`, because nobody tells us when an Amazon price ends;
 * - no `availability`, `itemCondition` or `seller`: no stored field says whether the product is in
 *   stock, new, or sold by Amazon itself (schema.org makes all three optional);
 * - no `aggregateRating`: the ratings are Amazon's customers', not reviews collected here, and
 *   search engines' rules forbid marking up ratings taken from another site;
 * - no `offers` at all when the price is not shown as current: no price (Amazon's data over 24
 *   hours old, decision 0014), or a feed price older than FEED_PRICE_MAX_AGE_DAYS, which the page
 *   shows as "last seen" (`priceStale`).
 */
import type { BlogArticle } from '../../../common/api/blog.schema';
import type { Product } from '../../../common/api/products.schema';

/**
 * schema.org Product with one Offer for `product` (none without a current price: see the module
 * comment), whose page is `pageUrl` (absolute).
 */
export function productJsonLd(product: Product, pageUrl: string): Record<string, unknown> {
  const item = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.asin,
    url: pageUrl,
    ...(product.imageUrl ? { image: [product.imageUrl] } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.categoryName ? { category: product.categoryName } : {}),
    ...(product.features.length > 0 ? { description: product.features.slice(0, 3).join(' ') } : {}),
  };
  if (product.price === null || product.asOf === null || product.priceStale) return item;
  return {
    ...item,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: product.price,
      priceCurrency: 'GBP',
      validFrom: product.asOf,
      priceSpecification: { '@type': 'UnitPriceSpecification', price: product.price, priceCurrency: 'GBP', validFrom: product.asOf },
    },
  };
}

/**
 * schema.org Article for a blog post at `pageUrl` (absolute), published by `publisherName`
 * (COMPANY_NAME) whose site is `siteUrl`. `datePublished` is the front matter's date (YYYY-MM-DD).
 */
export function articleJsonLd(article: BlogArticle, pageUrl: string, siteUrl: string, publisherName: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    articleSection: article.category,
    datePublished: article.date,
    dateModified: article.date,
    url: pageUrl,
    mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
    author: { '@type': 'Organization', name: article.author, url: siteUrl },
    publisher: {
      '@type': 'Organization',
      name: publisherName,
      url: siteUrl,
      logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` },
    },
    inLanguage: 'en-GB',
  };
}
