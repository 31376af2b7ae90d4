/**
 * The trending score and the per-product price statistics behind the 'Trending' list and the
 * discount badges (issue part 3; docs/decisions/0002-trending-score.md; DESIGN.md §4 "Honest prices").
 *
 * `computeTrendingScore` is pure. `refreshProductStats` recomputes, for given products, the observed
 * 30-day high and low (from price_observations), the trending score, the popularity score and the
 * deal basis (deal-basis.rules.ts, docs/decisions/0008-deal-definition.md), and stores them. The importer
 * calls it after its upsert, the price-check job after writing new prices, the demo seed after seeding.
 * `statsOfNewProduct` is the same computation for a product the importer is about to insert, whose
 * only observation is its first price at `now`: the importer stores the answer with the new row, so
 * a new product is written once (issue 7, 11: ≥ 2,000 rows/s).
 */
import { discountPercent } from '../../../common/discount';
import type { Db, Tx } from '../../db/client';
import { DEAL_RULES, isLowestIn30Days, judgeDealBasis, trackedReference, type DealInputs } from './deal-basis.rules';
import {
  loadDealHistory,
  loadStatsInputs,
  writePriceBadges,
  writeProductStats,
  type HistoryPoint,
  type ProductStatsRow,
  type ProductStatsWrite,
} from './prices.queries';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';
import { judgePriceBadges } from './price-badges.rules';

/** What the score is computed from. Money in integer pence; percentages 0–100. */
export interface TrendingInputs {
  /** Substantiated discount percent: labelled saving basis, else the observed 30-day high; null when none. */
  discountPercent: number | null;
  /** How far the price fell below the highest price in effect during the last 7 days, percent; null when it did not fall. */
  recentDropPercent: number | null;
  reviewCount: number | null;
  boughtLastMonth: number | null;
  isBestSeller: boolean;
  /** Stars 1–5, or null when unrated. */
  rating: number | null;
}

/** Weights of the score (documented in docs/decisions/0002-trending-score.md). */
export const TRENDING_WEIGHTS = {
  /** Points per discount percent, discount capped at 80 % (larger "discounts" are usually bad data). */
  discount: 0.6,
  discountCap: 80,
  /** Points per percent of recent drop, capped at 50 %: a fresh drop is the most "trending" signal. */
  recentDrop: 1.2,
  recentDropCap: 50,
  /** Points per decade of reviews (10 → 6, 1,000 → 18, 100,000 → 30). */
  reviewsPerDecade: 6,
  /** Points per decade of units bought last month. */
  boughtPerDecade: 5,
  bestSeller: 8,
  /** Points per star above (or below) 3.5, at full confidence (25 reviews or more). */
  ratingPerStar: 6,
  ratingNeutral: 3.5,
  ratingFullConfidenceReviews: 25,
} as const;

/**
 * Trending score ≥ 0 (higher ranks first), rounded to 2 decimals:
 * `0.6·min(discount%, 80) + 1.2·min(drop7d%, 50) + 6·log10(1+reviews) + 5·log10(1+bought)
 *  + 8·bestSeller + 6·(rating − 3.5)·min(1, reviews/25)`, floored at 0.
 * Missing inputs count as zero; an unrated product gets no rating term. Never throws; non-finite or
 * negative inputs count as zero.
 */
export function computeTrendingScore(inputs: TrendingInputs): number {
  const w = TRENDING_WEIGHTS;
  const discount = Math.min(positive(inputs.discountPercent), w.discountCap);
  const drop = Math.min(positive(inputs.recentDropPercent), w.recentDropCap);
  const reviews = positive(inputs.reviewCount);
  const bought = positive(inputs.boughtLastMonth);
  let score =
    w.discount * discount +
    w.recentDrop * drop +
    w.reviewsPerDecade * Math.log10(1 + reviews) +
    w.boughtPerDecade * Math.log10(1 + bought) +
    (inputs.isBestSeller ? w.bestSeller : 0);
  if (inputs.rating != null && Number.isFinite(inputs.rating) && inputs.rating > 0) {
    const confidence = Math.min(1, reviews / w.ratingFullConfidenceReviews);
    score += w.ratingPerStar * (Math.min(inputs.rating, 5) - w.ratingNeutral) * confidence;
  }
  return Math.round(Math.max(0, score) * 100) / 100;
}

function positive(value: number | null | undefined): number {
  return value != null && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Percent fall from `highPence` to `pricePence`, or null when the price is not below it. */
export function dropPercent(highPence: number | null, pricePence: number): number | null {
  if (highPence == null || !(highPence > pricePence) || pricePence <= 0) return null;
  return ((highPence - pricePence) / highPence) * 100;
}

/** The inputs of one product's score from its stored row and its window statistics. */
export function trendingInputsOf(row: ProductStatsRow): TrendingInputs {
  const labelled = discountPercent(row.listPricePence, row.pricePence);
  return {
    discountPercent: labelled ?? discountPercent(row.high30Pence, row.pricePence),
    recentDropPercent: dropPercent(row.high7Pence, row.pricePence),
    reviewCount: row.reviewCount,
    boughtLastMonth: row.boughtLastMonth,
    isBestSeller: row.isBestSeller,
    rating: row.rating,
  };
}

/** Days in the observed-high/low window (DESIGN.md §4: "the highest price of the last 30 days"). */
export const STATS_WINDOW_DAYS = 30;
/** Days in the recent-drop window of the trending score. */
export const RECENT_DROP_DAYS = 7;
const CHUNK = 2000;

/**
 * Popularity ≥ 0: the trending score's rating, review, bought-last-month and best-seller terms
 * without its discount and drop terms (docs/decisions/0008): orders the products that fill a deal
 * listing after its deals.
 */
export function computePopularityScore(inputs: TrendingInputs): number {
  return computeTrendingScore({ ...inputs, discountPercent: null, recentDropPercent: null });
}

/** The stored values of a new product its statistics read (what its INSERT writes). Money in pence. */
export interface NewProductValues {
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  reviewCount: number | null;
  boughtLastMonth: number | null;
  isBestSeller: boolean;
  /** Stars as given; stored in a `real` column, so read back with float4 precision (see {@link asStoredReal}). */
  rating: number | null;
  /** When its price was observed (the row's `price_as_of`; a feed's observedAt); default the import's `now`. */
  priceAsOf?: Date;
  /** Who vouches for the price (`price_source`); default 'csv'. */
  priceSource?: string;
}

/**
 * The history with the current price's evidence reaching `priceAsOf` (products.price_as_of: its
 * last observation or confirmation), in case the newest observation's `confirmed_at` lags it.
 */
function withCurrentEvidence(history: readonly HistoryPoint[], priceAsOf: Date): HistoryPoint[] {
  if (history.length === 0) return [];
  const points = [...history];
  const last = points[points.length - 1] as HistoryPoint;
  const seen = Math.max(last.observedAt.getTime(), last.confirmedAt?.getTime() ?? 0);
  if (priceAsOf.getTime() > seen) points[points.length - 1] = { ...last, confirmedAt: priceAsOf };
  return points;
}

/** The history rules' verdicts on one product (deal-basis.rules.ts). */
function judged(inputs: DealInputs): Pick<ProductStatsValues, 'dealKind' | 'dealPercent' | 'dealLabel' | 'reference' | 'lowest30'> {
  const deal = judgeDealBasis(inputs);
  return {
    dealKind: deal?.kind ?? null,
    dealPercent: deal?.percent ?? null,
    dealLabel: deal?.label ?? null,
    reference: trackedReference(inputs)?.pricePence ?? null,
    lowest30: isLowestIn30Days(inputs),
  };
}

/** A product's statistics columns as refreshProductStats stores them (pence; deal columns null when not a deal). */
export type ProductStatsValues = Omit<ProductStatsWrite, 'id'>;

/**
 * The statistics refreshProductStats would store, as of `now`, for a product inserted with
 * `values` whose only price observation is its price at `now` (a new product of an import): the
 * 30-day high and low and the 7-day high are that price, so there is no observed discount and no
 * recent drop; the deal basis can only be a labelled saving (one price, never changed). Pure; the
 * same functions as refreshProductStats, so the two cannot disagree (price-stats.test.ts compares
 * them column by column). Never throws.
 */
export function statsOfNewProduct(values: NewProductValues, now: Date): ProductStatsValues {
  const priceAsOf = values.priceAsOf ?? now;
  const row: ProductStatsRow = {
    id: 0,
    ...values,
    rating: values.rating === null ? null : asStoredReal(values.rating),
    high30Pence: values.pricePence,
    low30Pence: values.pricePence,
    high7Pence: values.pricePence,
    priceAsOf,
    priceSource: values.priceSource ?? 'csv',
  };
  const inputs = trendingInputsOf(row);
  const history = [{ pricePence: values.pricePence, observedAt: priceAsOf, confirmedAt: null }];
  return {
    high: row.high30Pence,
    low: row.low30Pence,
    score: computeTrendingScore(inputs),
    popularity: computePopularityScore(inputs),
    ...judged({ ...row, history, now }),
  };
}

/**
 * The number a `real` (float4) column holding `value` answers when read back: PostgreSQL prints a
 * real with the fewest digits that read back as the same float4 (e.g. 4.123456789 → 4.123457), and
 * the driver parses that text. Non-finite values are returned as they are.
 */
export function asStoredReal(value: number): number {
  const single = Math.fround(value);
  if (!Number.isFinite(single)) return single;
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return single;
}

/**
 * Recomputes and stores, for each product id, `observed_high_30d_pence`/`observed_low_30d_pence`
 * (max/min price in effect during the 30 days before `now`: the observations in that window plus
 * the price in effect when it opened), `trending_score`, `popularity_score` and the deal basis
 * (`deal_kind`, `deal_percent`, `deal_label`; null when not a deal). Products without observations
 * get null high/low and only a labelled deal. Works inside the caller's transaction (`tx`) or on
 * the database; a few queries per 2,000 products, never one per product. Returns the number of
 * products updated.
 */
export async function refreshProductStats(tx: Db | Tx, productIds: readonly number[], now: Date): Promise<number> {
  const ids = [...new Set(productIds)];
  let updated = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await loadStatsInputs(tx, chunk, {
      now,
      since30: new Date(now.getTime() - STATS_WINDOW_DAYS * DAY_MS),
      since7: new Date(now.getTime() - RECENT_DROP_DAYS * DAY_MS),
    });
    const history = await loadDealHistory(tx, chunk, { now, since: new Date(now.getTime() - DEAL_RULES.longWindowDays * DAY_MS) });
    updated += await writeProductStats(
      tx,
      rows.map((row): ProductStatsWrite => {
        const inputs = trendingInputsOf(row);
        return {
          id: row.id,
          high: row.high30Pence,
          low: row.low30Pence,
          score: computeTrendingScore(inputs),
          popularity: computePopularityScore(inputs),
          ...judged({ ...row, history: withCurrentEvidence(history.get(row.id) ?? [], row.priceAsOf), now }),
        };
      }),
    );
    // Issue 30: the price badges read the whole history (price-badges.rules.ts).
    const whole = await loadDealHistory(tx, chunk, { now, since: new Date(0) });
    await writePriceBadges(
      tx,
      rows.map((row) => ({
        id: row.id,
        badges: judgePriceBadges({
          pricePence: row.pricePence,
          history: whole.get(row.id) ?? [],
          now,
          priceAsOf: row.priceAsOf,
          priceSource: row.priceSource,
        }),
      })),
    );
  }
  return updated;
}
