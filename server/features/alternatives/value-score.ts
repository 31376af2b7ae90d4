/**
 * The rules-based value score of cheaper alternatives (DESIGN.md §4 "Cheaper alternatives";
 * shopper-screens §2 'Alternative Products', §4 "Similar products"). Pure functions over pence.
 *
 * score = 0.45·similarity + 0.30·cheaper + 0.15·saving + 0.10·rating, each part in [0, 1]:
 * - similarity: how close a kind of the same type (same-type.ts, issue 28) when known, else the
 *   full-text rank relative to the best candidate; +0.2 same category, +0.2 same brand (capped at 1);
 * - cheaper: (source price − price) / source price, 0 when not cheaper;
 * - saving: the substantiated discount percent / 100 (RRP, was price or our tracked reference price);
 * - rating: (rating − 3) / 2 where we hold a rating with at least 5 reviews, else 0.
 * Each alternative gets a plain-English explanation of facts we hold, e.g. "Same type: travel kettle ·
 * £4.20 cheaper · 1.0 L vs 0.9 L · same brand · 4.6★ from 1,203 reviews".
 */
import { formatPence } from '../../../common/money';
import { discountPercent } from '../../../common/discount';

/** What the score reads of a product. Prices in pence. */
export interface ScoredInput {
  title: string;
  pricePence: number;
  /** Substantiated original price, pence; null when none. */
  originalPricePence: number | null;
  /** Human label of the saving basis ('RRP', 'Was', 'Our tracked price for 28+ days before this drop'); null when none. */
  savingBasisLabel?: string | null;
  rating: number | null;
  reviewCount: number | null;
  brand: string | null;
  category: string | null;
  /** Full-text rank against the source title (ts_rank); 0 when unknown. */
  textRank?: number;
  /** How close a kind of the source's type, 0–1 (same-type.ts); used instead of `textRank` when set. */
  similarity?: number;
  /** The type both are ("travel kettle"), said first in the explanation; absent when not judged. */
  typePhrase?: string;
  /** "1.0 L vs 0.9 L" (this product's quantity first), when both titles state one. */
  quantity?: string | null;
}

export interface ScoredAlternative<T> {
  item: T;
  score: number;
  cheaper: boolean;
  explanation: string;
}

/** Reviews needed before a rating counts in the score. */
export const MIN_REVIEWS_FOR_RATING = 5;

const reviews = new Intl.NumberFormat('en-GB');

function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Rounded whole percent saving over the original price, or 0. */
function savingPercent(p: ScoredInput): number {
  return discountPercent(p.originalPricePence, p.pricePence) ?? 0;
}

/**
 * The explanation of `alt` against `source`, only from facts we hold, e.g. "Same type: travel kettle
 * · £4.20 cheaper · 1.0 L vs 0.9 L · same brand · 4.6★ from 1,203 reviews · rated higher". A source
 * without a price we may show (`pricePence` ≤ 0) is compared on everything but price. Empty when
 * there is nothing to say.
 */
export function explain(source: ScoredInput, alt: ScoredInput): string {
  const parts: string[] = [];
  if (alt.typePhrase) parts.push(`same type: ${alt.typePhrase}`);
  const diff = source.pricePence - alt.pricePence;
  if (source.pricePence <= 0) {
    // No price to compare with (e.g. Amazon's data over 24 hours old, decision 0014).
  } else if (diff > 0) parts.push(`${formatPence(diff)} cheaper`);
  else if (diff < 0) parts.push(`${formatPence(-diff)} more`);
  else parts.push('same price');
  if (alt.quantity) parts.push(alt.quantity);
  if (sameText(source.brand, alt.brand)) parts.push('same brand');
  const saving = savingPercent(alt);
  if (saving > 0) parts.push(`${saving}% off ${alt.savingBasisLabel ?? 'its usual price'}`);
  if (alt.rating != null && (alt.reviewCount ?? 0) > 0) {
    parts.push(`${alt.rating.toFixed(1)}★ from ${reviews.format(alt.reviewCount ?? 0)} review${alt.reviewCount === 1 ? '' : 's'}`);
    if (source.rating != null && alt.rating > source.rating + 0.05) parts.push('rated higher');
  }
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The value score of `alt` against `source` in [0, 1]; `maxRank` is the best text rank among candidates. */
export function valueScore(source: ScoredInput, alt: ScoredInput, maxRank: number): number {
  const text = alt.similarity ?? (maxRank > 0 ? (alt.textRank ?? 0) / maxRank : 0);
  const similarity = Math.min(
    1,
    text + (sameText(source.category, alt.category) ? 0.2 : 0) + (sameText(source.brand, alt.brand) ? 0.2 : 0),
  );
  const cheaper =
    source.pricePence > 0 && alt.pricePence < source.pricePence ? (source.pricePence - alt.pricePence) / source.pricePence : 0;
  const saving = savingPercent(alt) / 100;
  const rating =
    alt.rating != null && (alt.reviewCount ?? 0) >= MIN_REVIEWS_FOR_RATING ? Math.max(0, Math.min(1, (alt.rating - 3) / 2)) : 0;
  return 0.45 * similarity + 0.3 * cheaper + 0.15 * saving + 0.1 * rating;
}

/** Whether `alt` is better value than `source` on something other than price (fallback rule). */
function betterOtherwise(source: ScoredInput, alt: ScoredInput): boolean {
  const ratedHigher = alt.rating != null && (alt.reviewCount ?? 0) >= MIN_REVIEWS_FOR_RATING && alt.rating > (source.rating ?? 0);
  return ratedHigher || savingPercent(alt) > savingPercent(source);
}

/** Most alternatives shown in the fallback (nothing cheaper: better rated or better discounted). */
export const FALLBACK_LIMIT = 3;

/** What {@link rankAlternatives} answers. */
export interface Ranking<T> {
  ranked: ScoredAlternative<T>[];
  isFallback: boolean;
}

/**
 * Ranks `candidates` against `source`: the cheaper ones by score (at most `limit`); when none is
 * cheaper, the fallback — those better rated or better discounted (`fallback` 'better'), or every
 * candidate (`'any'`: candidates already judged genuine alternatives, same-type.ts), at most
 * {@link FALLBACK_LIMIT} — with `isFallback` true. Ties keep the candidates' order (text rank). An
 * empty `ranked` means nothing to show.
 */
export function rankAlternatives<T>(
  source: ScoredInput,
  candidates: ReadonlyArray<{ item: T; input: ScoredInput }>,
  limit = 5,
  fallback: 'better' | 'any' = 'better',
): { ranked: ScoredAlternative<T>[]; isFallback: boolean } {
  const maxRank = Math.max(0, ...candidates.map((c) => c.input.textRank ?? 0));
  const scored = candidates.map((c, order) => ({
    order,
    input: c.input,
    out: {
      item: c.item,
      score: valueScore(source, c.input, maxRank),
      cheaper: c.input.pricePence > 0 && c.input.pricePence < source.pricePence,
      explanation: explain(source, c.input),
    },
  }));
  const byScore = (a: (typeof scored)[number], b: (typeof scored)[number]) => b.out.score - a.out.score || a.order - b.order;
  const cheaper = scored.filter((s) => s.out.cheaper).sort(byScore);
  if (cheaper.length > 0) return { ranked: cheaper.slice(0, limit).map((s) => s.out), isFallback: false };
  const better = scored.filter((s) => s.input.pricePence > 0 && (fallback === 'any' || betterOtherwise(source, s.input))).sort(byScore);
  return { ranked: better.slice(0, Math.min(limit, FALLBACK_LIMIT)).map((s) => s.out), isFallback: true };
}

/**
 * Adds a second ranking (Amazon's search results, issue 14 part 3) after the first (our catalogue's),
 * keeping the first's items and order, at most `limit` in all. Cheaper alternatives win: when either
 * ranking found cheaper ones, the answer lists only cheaper ones (the first's, then the second's) so
 * the 'Cheaper Alternative' heading stays true; otherwise both fallbacks, at most {@link FALLBACK_LIMIT}.
 */
export function mergeRankings<T>(first: Ranking<T>, second: Ranking<T>, limit: number): Ranking<T> {
  const cheaper = (r: Ranking<T>) => r.ranked.length > 0 && !r.isFallback;
  if (cheaper(first) || cheaper(second)) {
    const ranked = [...(cheaper(first) ? first.ranked : []), ...(cheaper(second) ? second.ranked : [])];
    return { ranked: ranked.slice(0, limit), isFallback: false };
  }
  return { ranked: [...first.ranked, ...second.ranked].slice(0, Math.min(limit, FALLBACK_LIMIT)), isFallback: true };
}
