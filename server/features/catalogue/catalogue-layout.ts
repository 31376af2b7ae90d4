/**
 * Recognises the column layout of a catalogue CSV from its header row (issue part 3 "Catalogue
 * import"; data/README.md).
 *
 * Layouts accepted:
 * - the Amazon UK 2023 feed, in both spellings (`ASIN,Title,Image URL,…,Category Name` and upstream
 *   `asin,title,imgUrl,productURL,…,categoryName`), and its subset files (e.g. `top_10_best_sellers.csv`);
 * - the specification's product layout (`asin,title,price,originalPrice,rating,reviewCount,imageUrl,
 *   affiliateUrl,category,features`, plus optional `brand` and `savingBasisType`).
 *
 * Any layout may add `observedAt` (also spelt `observed_at`, `Observed At`, `priceObservedAt`): when
 * the row's price was seen (issue 27 "True times"; catalogue-row.ts reads it).
 *
 * Columns are matched by normalised name (lower case, non-alphanumerics removed), so "Image URL",
 * "imgUrl" and "image_url" are one column. Unknown columns are ignored.
 */

/** The product fields a catalogue CSV can carry. */
export type CatalogueField =
  | 'asin'
  | 'title'
  | 'price'
  | 'originalPrice'
  | 'savingBasisType'
  | 'rating'
  | 'reviewCount'
  | 'imageUrl'
  | 'productUrl'
  | 'category'
  | 'brand'
  | 'features'
  | 'boughtLastMonth'
  | 'isBestSeller'
  | 'availability'
  | 'observedAt';

/**
 * Normalised header names per field, in order of preference (the first present wins). `productname`
 * and `manufacturer` come from the 2017 toys feed, which is otherwise unusable (no ASIN).
 */
const ALIASES: Readonly<Record<CatalogueField, readonly string[]>> = {
  asin: ['asin'],
  title: ['title', 'productname', 'producttitle', 'name'],
  price: ['price', 'currentprice'],
  originalPrice: ['originalprice', 'listprice', 'wasprice', 'rrp'],
  savingBasisType: ['savingbasistype', 'savingbasis'],
  rating: ['stars', 'rating', 'averagereviewrating'],
  reviewCount: ['reviews', 'reviewcount', 'numberofreviews'],
  imageUrl: ['imageurl', 'imgurl', 'image'],
  productUrl: ['producturl', 'affiliateurl', 'url'],
  category: ['categoryname', 'category'],
  brand: ['brand', 'manufacturer'],
  features: ['features'],
  boughtLastMonth: ['boughtinlastmonth', 'boughtlastmonth'],
  isBestSeller: ['isbestseller', 'bestseller'],
  // Issue 30: stock for back-in-stock alerts ("In Stock", "OUT_OF_STOCK", "yes"/"no"…).
  availability: ['availability', 'instock'],
  // When the row's price was seen (issue 27 "True times"): `observedAt`, `observed_at`, `Observed At`…
  observedAt: ['observedat', 'priceobservedat'],
};

/** Without these a row cannot become a product. */
export const REQUIRED_FIELDS: readonly CatalogueField[] = ['asin', 'title', 'price'];

/** The ten columns of the Amazon UK 2023 feed, normalised (both spellings normalise alike except the image). */
const AMAZON_2023_COLUMNS = [
  'asin',
  'title',
  'producturl',
  'stars',
  'reviews',
  'price',
  'isbestseller',
  'boughtinlastmonth',
  'categoryname',
];

export interface CatalogueLayout {
  /** 'amazon-uk-2023', 'amazon-uk-2023 (subset)', 'product-csv' or 'unknown (no ASIN column)'. */
  name: string;
  /** Column index per field present in the file. */
  columns: Partial<Record<CatalogueField, number>>;
  /** Required fields the header lacks; every row is rejected when this is not empty. */
  missingRequired: CatalogueField[];
  /** Saving basis assumed for an original price without a `savingBasisType` column. */
  defaultSavingBasis: 'LIST_PRICE' | 'WAS_PRICE';
  /** The header as written in the file. */
  header: string[];
}

/** "Image URL" → "imageurl", "productURL" → "producturl", "\uFEFFASIN" → "asin". */
export function normaliseHeaderName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Reads the header row. Never throws: a header that fits nothing gives `missingRequired`. */
export function detectLayout(header: readonly string[]): CatalogueLayout {
  const normalised = header.map(normaliseHeaderName);
  const columns: Partial<Record<CatalogueField, number>> = {};
  for (const [field, aliases] of Object.entries(ALIASES) as Array<[CatalogueField, readonly string[]]>) {
    for (const alias of aliases) {
      const index = normalised.indexOf(alias);
      if (index >= 0) {
        columns[field] = index;
        break;
      }
    }
  }
  const missingRequired = REQUIRED_FIELDS.filter((f) => columns[f] === undefined);
  const originalColumn = columns.originalPrice === undefined ? undefined : normalised[columns.originalPrice];
  return {
    name: layoutName(normalised, missingRequired),
    columns,
    missingRequired,
    defaultSavingBasis: originalColumn === 'wasprice' ? 'WAS_PRICE' : 'LIST_PRICE',
    header: [...header],
  };
}

function layoutName(normalised: string[], missing: CatalogueField[]): string {
  if (missing.length > 0) return `unknown (no ${missing.map(fieldLabel).join(', ')} column${missing.length > 1 ? 's' : ''})`;
  if (normalised.includes('categoryname')) {
    const full =
      AMAZON_2023_COLUMNS.every((c) => normalised.includes(c)) && (normalised.includes('imageurl') || normalised.includes('imgurl'));
    return full ? 'amazon-uk-2023' : 'amazon-uk-2023 (subset)';
  }
  return 'product-csv';
}

/** How a field is named in messages ("ASIN", "title", "price"). */
export function fieldLabel(field: CatalogueField): string {
  return field === 'asin' ? 'ASIN' : field;
}
