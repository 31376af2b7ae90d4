/**
 * Which chip of the top-deals tab a product falls under (admin-area §2 "Top-deals tab": all,
 * electronics, travel, kitchen, personalcare, office, cleaning, others). The spec's chips are the
 * old site's; our products carry one of the ten shopper categories (common/categories.ts) and
 * Amazon's own category name beside it. Pure; the first rule that applies wins:
 *
 * 1. **Amazon's own name** picks the chips our ten categories cannot tell apart:
 *    - travel: luggage and travel gear, GPS and finders, sat navs;
 *    - cleaning: vacuums and floorcare, cleaning, laundry, ironing and steamers;
 *    - office: office supplies, paper and electronics, pens and writing, printers and scanners,
 *      calendars and organisers, school and educational supplies;
 *    - personalcare: health and personal care, bath and body, skin, hair, make-up, fragrances,
 *      manicure, shaving, oral care.
 * 2. **Our category** otherwise:
 *
 *    | Our category (common/categories.ts)  | Chip          |
 *    | ------------------------------------ | ------------- |
 *    | electronics, gaming                  | electronics   |
 *    | home-kitchen                         | kitchen       |
 *    | health-beauty                        | personalcare  |
 *    | automotive                           | travel        |
 *    | fashion, sports-outdoors, books, baby, music, other | others |
 *
 * The same table is in docs/architecture.md ("Admin area").
 */
import type { ProductChipKey } from '../../../common/admin-products';
import type { CategoryKey } from '../../../common/categories';

/** Rules on Amazon's own category name (lower-cased), in order. */
const NAME_RULES: ReadonlyArray<[ProductChipKey, RegExp]> = [
  ['travel', /luggage|travel|suitcase|gps, finders|sat nav/],
  ['cleaning', /vacuum|floorcare|cleaning|laundry|ironing|steamer/],
  ['office', /office|pens, pencils|writing supplies|stationery|printer|scanner|calendars & personal organisers|school & educational/],
  ['personalcare', /health & personal|personal care|bath & body|skin care|hair care|make-up|makeup|fragrance|manicure|shav|oral care/],
];

/** Our category → chip, for products whose Amazon name matched no rule above. */
const CATEGORY_CHIPS: Readonly<Record<CategoryKey, ProductChipKey>> = {
  electronics: 'electronics',
  gaming: 'electronics',
  'home-kitchen': 'kitchen',
  'health-beauty': 'personalcare',
  automotive: 'travel',
  fashion: 'others',
  'sports-outdoors': 'others',
  books: 'others',
  baby: 'others',
  music: 'others',
  other: 'others',
};

/** The chip of a product with stored category `category` and Amazon category name `categoryName`. Never throws. */
export function topDealChipOf(category: string, categoryName: string | null): ProductChipKey {
  const name = (categoryName ?? '').toLowerCase();
  if (name !== '') for (const [chip, pattern] of NAME_RULES) if (pattern.test(name)) return chip;
  return CATEGORY_CHIPS[category as CategoryKey] ?? 'others';
}
