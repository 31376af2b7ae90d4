/**
 * Discount rules (DESIGN.md §4 "Money" and "Honest prices"; shopper-screens §2 "discount badge").
 *
 * A discount is shown only when original > price > 0; percent = round((original − price) / original × 100).
 * Otherwise the card shows 'Special Deal'. The original ("was") price must be substantiated: either
 * the retailer's labelled saving basis or our own observed history, and the UI names which.
 */

/**
 * Saving bases a retailer labels (Amazon Creators API `SavingBasis.savingBasisType`; see
 * ../shared/reference): the only ones a feed or a price source may name.
 */
export const LABELLED_SAVING_BASES = ['LIST_PRICE', 'WAS_PRICE', 'LOWEST_PRICE', 'LOWEST_PRICE_STRIKETHROUGH'] as const;
export type LabelledSavingBasis = (typeof LABELLED_SAVING_BASES)[number];

/**
 * Where an original price comes from: a labelled basis, or `TRACKED_PRICE`, a price our own history
 * shows was charged for a reasonable period before the current one (the reference-price rule:
 * common/reference-price.ts, docs/pricing/reference-prices.md).
 */
export const SAVING_BASIS_TYPES = [...LABELLED_SAVING_BASES, 'TRACKED_PRICE'] as const;
export type SavingBasisType = (typeof SAVING_BASIS_TYPES)[number];

/** True when `value` is a labelled saving basis (a stored or received string is checked with this). */
export function isLabelledSavingBasis(value: unknown): value is LabelledSavingBasis {
  return (LABELLED_SAVING_BASES as readonly unknown[]).includes(value);
}

/** Labels shown beside a struck-through original price, in British English. */
export const SAVING_BASIS_LABELS: Record<SavingBasisType, string> = {
  LIST_PRICE: 'RRP',
  WAS_PRICE: 'Was',
  LOWEST_PRICE: 'Lowest recent price',
  LOWEST_PRICE_STRIKETHROUGH: 'Lowest recent price',
  TRACKED_PRICE: 'Our tracked price for 28+ days before this drop',
};

/**
 * Whole-percent discount of `pricePence` against `originalPence`, or null when no discount may be
 * shown (original ≤ price, or either ≤ 0, or either missing).
 */
export function discountPercent(originalPence: number | null | undefined, pricePence: number | null | undefined): number | null {
  if (originalPence == null || pricePence == null) return null;
  if (!(originalPence > pricePence && pricePence > 0)) return null;
  return Math.round(((originalPence - pricePence) / originalPence) * 100);
}

/** Saving in pence (original − price) when a discount may be shown, else null. */
export function savingPence(originalPence: number | null | undefined, pricePence: number | null | undefined): number | null {
  return discountPercent(originalPence, pricePence) === null ? null : (originalPence as number) - (pricePence as number);
}

/**
 * Badge text for a product card: "23% OFF" for a substantiated percent, 'Special Deal' for a product
 * with a verified deal basis but no percent to show, and null (no badge at all) for a product with
 * no basis: deal language needs a basis (issue 27; docs/pricing/reference-prices.md).
 */
export function discountBadgeText(percent: number | null | undefined, hasBasis = percent != null && percent > 0): string | null {
  if (percent != null && percent > 0) return `${percent}% OFF`;
  return hasBasis ? 'Special Deal' : null;
}
