/**
 * The words a product listing uses about itself (issue 27 "No deal claim without a basis"): the
 * order it is in, in words, from the answer's `orderedBy` (common/api/deals.schema.ts
 * `LISTING_ORDER_KEYS`); whether that order is about popularity (only then may a heading say
 * "Popular in …"); since when we have tracked prices; and how a deal comes to be listed
 * (docs/pricing/reference-prices.md: a price held 28 days before a drop, or Amazon's own labelled
 * list or was price through the Creators API, docs/decisions/0013-creators-api.md).
 */
import type { DealListingResponse, ListingOrderKey } from '../../../common/api/deals.schema';
import type { ShopperCategory } from '../../../common/categories';
import { describe, type ListingWords } from '../../../common/page-meta';
import { formatLongDate } from '../../lib/date.format';

export { ordersByPopularity } from '../../../common/page-meta';

/** Each order key in words, as it reads after "first" / "then". */
export const ORDER_WORDS: Record<ListingOrderKey, string> = {
  'verified-saving': 'largest verified saving',
  trending: 'most trending (recent price drops, reviews and sales)',
  popularity: 'most popular (reviews, ratings and sales)',
  'lowest-price': 'lowest price',
};

/**
 * "Largest verified saving first, then lowest price." from `orderedBy` (first key first); null for
 * a missing or empty order (an answer from a server without the field). Unknown keys are skipped.
 */
export function orderSentence(orderedBy: readonly string[] | undefined): string | null {
  const words = (orderedBy ?? []).flatMap((key) => (key in ORDER_WORDS ? [ORDER_WORDS[key as ListingOrderKey]] : []));
  if (words.length === 0) return null;
  const text = words.map((w, i) => (i === 0 ? `${w} first` : `then ${w}`)).join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * How many verified deals a listing answer counts: `verifiedDeals`, else `totalDeals` (equal by
 * the schema; a server before issue 27 sends only the latter); null before an answer.
 */
export function verifiedDealCount(answer: Partial<Pick<DealListingResponse, 'verifiedDeals' | 'totalDeals'>> | undefined): number | null {
  if (answer === undefined) return null;
  return answer.verifiedDeals ?? answer.totalDeals ?? 0;
}

/** "We have tracked these prices since 1 June 2023." from `trackedSince`; null without a valid time. */
export function trackedSinceText(trackedSince: string | null | undefined): string | null {
  if (!trackedSince) return null;
  const at = new Date(trackedSince);
  return Number.isNaN(at.getTime()) ? null : `We have tracked these prices since ${formatLongDate(at)}.`;
}

/** How a deal comes to be listed: our price history over time, or Amazon's own labelled prices. */
export const HOW_DEALS_APPEAR =
  "A deal appears here when a price drops below one it held for at least 28 days in our price history, or when Amazon shows its own list price or was price for it (through Amazon's Creators API).";

/** What {@link useListingWords} gives a listing page. */
export interface ListingPageWords extends ListingWords {
  /** Verified deals in the answer (0 after an error), null before an answer. */
  deals: number | null;
  /** True when the page may use deal words (an answer with at least one verified deal). */
  dealWords: boolean;
}

/**
 * A listing page's heading and intro (also its meta description), from the one source the first
 * HTML uses too (`describe.listing` in common/page-meta.ts): deal words while the answer counts
 * verified deals, neutral words when it counts none or failed (issue 27), the deal words'
 * placeholder shape while loading (the page shows a skeleton then).
 */
export function listingPageWords(
  kind: 'deals' | 'trending',
  category: ShopperCategory | null,
  answer: { data?: Partial<Pick<DealListingResponse, 'verifiedDeals' | 'totalDeals' | 'orderedBy'>>; isError: boolean },
  viaPath = false,
): ListingPageWords {
  const deals = answer.isError ? 0 : verifiedDealCount(answer.data);
  const words = describe.listing(kind, category, viaPath, deals ?? undefined, answer.data?.orderedBy);
  return { ...words, deals, dealWords: deals !== null && deals > 0 };
}
