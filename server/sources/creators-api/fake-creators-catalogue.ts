/**
 * The fake Creators API's products (issue 14 part 4): the 3,870 real amazon.co.uk products of
 * ../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv (images from the
 * best-products files where they overlap), the documented sample items of
 * ../shared/data/creators-api-samples/ served verbatim, and any products a test adds. Each product
 * has a current offer the test (or `--market`) can move: drops, rises, stock-outs. Money in pence
 * here; the wire answer is in pounds, as Amazon's.
 *
 * Reads the shared data folder (never copied into the project); absent files are skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { PROJECT_ROOT } from '../../project-root';

export const FAKE_DATA_DIR = path.resolve(PROJECT_ROOT, '../shared/data');
const CATALOGUE_CSV = 'amazon-uk-2023/underpriced_and_overpriced_products.csv';
const IMAGE_CSVS = ['amazon-uk-2023/best_products_by_reviews.csv', 'amazon-uk-2023/best_products_by_stars.csv'];
const SAMPLE_FILES = [
  'getItems-response.curl-example.json',
  'getItems-response.get-items-page.partial-error.json',
  'offersV2-response.offersV2-page.json',
];

/** A product the fake sells. Money in pence. */
export interface FakeProduct {
  asin: string;
  title: string;
  /** Current buy-box price, pence; null = no offer. */
  pricePence: number | null;
  /** The saving basis Amazon would show (pence), with its type; null = none. */
  listPricePence?: number | null;
  savingBasisType?: 'LIST_PRICE' | 'WAS_PRICE' | 'LOWEST_PRICE' | 'LOWEST_PRICE_STRIKETHROUGH' | null;
  /** IN_STOCK (default), OUT_OF_STOCK, PREORDER… */
  availability?: string;
  categoryName?: string;
  brand?: string | null;
  features?: string[];
  imageUrl?: string | null;
  /** A live deal on the offer. */
  deal?: {
    accessType: 'ALL' | 'PRIME_EARLY_ACCESS' | 'PRIME_EXCLUSIVE';
    endTime: string;
    startTime?: string;
    type?: 'LIGHTNING_DEAL';
  } | null;
}

/** A stable numeric browse-node id for a category name (the fake's own; real ids differ). */
export function browseNodeIdOf(name: string): string {
  let hash = 5381;
  for (const ch of name) hash = (hash * 33 + ch.charCodeAt(0)) >>> 0;
  return String(1_000_000_000 + (hash % 1_000_000_000));
}

const pounds = (pence: number) => Math.round(pence) / 100;
const money = (pence: number) => ({ amount: pounds(pence), currency: 'GBP', displayAmount: `£${(pence / 100).toFixed(2)}` });

/** The wire item (lowerCamelCase, amounts in pounds) for `product`, tagged with `partnerTag`. */
export function wireItemOf(product: FakeProduct, partnerTag: string): Record<string, unknown> {
  const price = product.pricePence;
  const basis = product.listPricePence && product.savingBasisType && price !== null && product.listPricePence > price;
  const listing =
    price === null && (product.availability ?? 'IN_STOCK') === 'IN_STOCK'
      ? null
      : {
          availability: { type: product.availability ?? 'IN_STOCK', minOrderQuantity: 1, maxOrderQuantity: 10 },
          condition: { value: 'New' },
          dealDetails: product.deal
            ? {
                accessType: product.deal.accessType,
                startTime: product.deal.startTime ?? null,
                endTime: product.deal.endTime,
                percentClaimed: 12,
              }
            : null,
          isBuyBoxWinner: true,
          merchantInfo: { name: 'Amazon.co.uk' },
          price:
            price === null
              ? null
              : {
                  money: money(price),
                  savingBasis: basis
                    ? {
                        money: money(product.listPricePence!),
                        savingBasisType: product.savingBasisType,
                        savingBasisTypeLabel: product.savingBasisType === 'LIST_PRICE' ? 'RRP' : 'Was',
                      }
                    : null,
                  savings: basis
                    ? {
                        money: money(product.listPricePence! - price),
                        percentage: Math.round(((product.listPricePence! - price) / product.listPricePence!) * 100),
                      }
                    : null,
                },
          type: product.deal?.type ?? null,
          violatesMAP: false,
        };
  const category = product.categoryName ?? null;
  return {
    asin: product.asin,
    detailPageURL: `https://www.amazon.co.uk/dp/${product.asin}?tag=${encodeURIComponent(partnerTag)}&linkCode=ogi&th=1&psc=1`,
    parentASIN: null,
    images: product.imageUrl ? { primary: { large: { url: product.imageUrl, height: 500, width: 500 } } } : null,
    itemInfo: {
      title: { displayValue: product.title, label: 'Title', locale: 'en_GB' },
      features: product.features?.length ? { displayValues: product.features, label: 'Features', locale: 'en_GB' } : null,
      byLineInfo: product.brand ? { brand: { displayValue: product.brand, label: 'Brand', locale: 'en_GB' } } : null,
    },
    browseNodeInfo: category
      ? { browseNodes: [{ id: browseNodeIdOf(category), displayName: category, contextFreeName: category, ancestor: null }] }
      : null,
    offersV2: listing ? { listings: [listing] } : null,
  };
}

function readCsv(file: string): Record<string, string>[] {
  const full = path.join(FAKE_DATA_DIR, file);
  if (!existsSync(full)) return [];
  return parse(readFileSync(full, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

/** The real products (3,870 when the shared data is present), keyed by ASIN. */
export function loadRealProducts(): Map<string, FakeProduct> {
  const images = new Map<string, string>();
  for (const file of IMAGE_CSVS) for (const row of readCsv(file)) if (row.ASIN && row['Image URL']) images.set(row.ASIN, row['Image URL']);
  const products = new Map<string, FakeProduct>();
  for (const row of readCsv(CATALOGUE_CSV)) {
    const asin = row.ASIN?.trim().toUpperCase();
    const price = Number(row.Price);
    if (!asin || !row.Title) continue;
    products.set(asin, {
      asin,
      title: row.Title,
      pricePence: Number.isFinite(price) && price > 0 ? Math.round(price * 100) : null,
      categoryName: row['Category Name'] || undefined,
      imageUrl: images.get(asin) ?? null,
    });
  }
  return products;
}

/** The documented sample items, verbatim (lowerCamelCase wire objects), keyed by ASIN. */
export function loadSampleItems(): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown>>();
  for (const file of SAMPLE_FILES) {
    const full = path.join(FAKE_DATA_DIR, 'creators-api-samples', file);
    if (!existsSync(full)) continue;
    const json = JSON.parse(readFileSync(full, 'utf8')) as { itemsResult?: { items?: unknown[] }; itemResults?: { items?: unknown[] } };
    for (const item of (json.itemsResult?.items ?? json.itemResults?.items ?? []) as Array<Record<string, unknown>>) {
      if (typeof item.asin === 'string') items.set(item.asin, item);
    }
  }
  return items;
}

/** The documented getVariations sample (GBP), or null when absent. */
export function loadVariationsSample(): Record<string, unknown> | null {
  const full = path.join(FAKE_DATA_DIR, 'creators-api-samples', 'getVariations-response.uk-lowestPrice.json');
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>) : null;
}
