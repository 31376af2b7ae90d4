/**
 * The deal definition (issue 8 part 1; docs/decisions/0008-deal-definition.md; DESIGN.md §4
 * "Honest prices"). Pure: a product's prices in, its deal basis (or null) out.
 *
 * A product is a deal when, first rule that applies:
 * 1. LABELLED_SAVING: the retailer labels a saving basis (list/was price) above the current price,
 *    at least 1 whole percent (the same percent the card's badge shows).
 * 2. LOWEST_IN_90_DAYS: we have watched it for 90 days and its price is below every other price in
 *    effect in those 90 days, by at least 1 whole percent.
 * 3. LOWEST_IN_30_DAYS: the same over 30 days (or since we first saw it, when that is more recent:
 *    the label then says "Lowest price we have tracked").
 * 4. BELOW_30_DAY_MEDIAN: at least 5 whole percent under the time-weighted median of the prices in
 *    effect over the last 30 days (or since first seen), after the price has changed.
 * A price that never changed is never a history deal. Money in integer pence.
 */
import { discountPercent, isLabelledSavingBasis, type LabelledSavingBasis } from '../../../common/discount';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

export const DEAL_KINDS = ['LABELLED_SAVING', 'LOWEST_IN_30_DAYS', 'LOWEST_IN_90_DAYS', 'BELOW_30_DAY_MEDIAN'] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/** A deal basis as stored on products (deal_kind, deal_percent, deal_label). */
export interface DealBasisValue {
  kind: DealKind;
  /** Whole percent under the reference price (list price, previous low or median); ≥ 1. */
  percent: number;
  /** The card's text, e.g. "Lowest price in 30 days". */
  label: string;
}

/** Thresholds of the rule (docs/decisions/0008). */
export const DEAL_RULES = {
  /** Smallest whole percent any basis must show. */
  minPercent: 1,
  /** Smallest whole percent under the 30-day median. */
  minPercentBelowMedian: 5,
  shortWindowDays: 30,
  longWindowDays: 90,
} as const;

/** One observed price and when it took effect. */
export interface PricePoint {
  pricePence: number;
  observedAt: Date;
}

/** What the rule reads about one product. */
export interface DealInputs {
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  /**
   * Its observations up to `now` in time order: every one inside the long window plus the last
   * one at or before the window opened (the price it opened with), when there is one.
   */
  history: readonly PricePoint[];
  now: Date;
}

/** A price held from `start` to `end` (ms). */
interface Segment {
  pricePence: number;
  start: number;
  end: number;
}

/** The prices in effect during (windowStart, now], each clipped to the window; consecutive equal prices merged. */
export function segmentsInWindow(history: readonly PricePoint[], windowStart: number, now: number): Segment[] {
  const points = [...history].filter((p) => p.observedAt.getTime() <= now).sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const segments: Segment[] = [];
  points.forEach((point, i) => {
    const end = i + 1 < points.length ? (points[i + 1] as PricePoint).observedAt.getTime() : now;
    const start = Math.max(point.observedAt.getTime(), windowStart);
    // A price replaced before the window opened was never in effect inside it.
    if (end <= windowStart && i + 1 < points.length) return;
    const last = segments[segments.length - 1];
    if (last && last.pricePence === point.pricePence) last.end = end;
    else segments.push({ pricePence: point.pricePence, start, end });
  });
  return segments;
}

/** Whole percent `price` is under `reference`, or null when it is not under it. */
function percentUnder(reference: number, pricePence: number): number | null {
  return discountPercent(reference, pricePence);
}

/** Lowest price of the segments before the current price took effect; null when the price never changed. */
function previousLow(segments: readonly Segment[], pricePence: number): number | null {
  let end = segments.length;
  while (end > 0 && (segments[end - 1] as Segment).pricePence === pricePence) end--;
  if (end === 0) return null;
  return Math.min(...segments.slice(0, end).map((s) => s.pricePence));
}

/** The time-weighted median price of `segments` (the price in effect for half the time); null with no time. */
export function timeWeightedMedian(segments: readonly Segment[]): number | null {
  const total = segments.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (total <= 0) return null;
  const byPrice = [...segments].sort((a, b) => a.pricePence - b.pricePence);
  let held = 0;
  for (const s of byPrice) {
    held += s.end - s.start;
    if (held * 2 >= total) return s.pricePence;
  }
  return (byPrice[byPrice.length - 1] as Segment).pricePence;
}

/** "Save 20% on the RRP", "… on the was price", "… on its lowest recent price". */
export function labelledSavingLabel(percent: number, basis: LabelledSavingBasis | null): string {
  const reference =
    basis === 'WAS_PRICE'
      ? 'the was price'
      : basis === 'LOWEST_PRICE' || basis === 'LOWEST_PRICE_STRIKETHROUGH'
        ? 'its lowest recent price'
        : 'the RRP';
  return `Save ${percent}% on ${reference}`;
}

function labelledBasis(inputs: DealInputs): DealBasisValue | null {
  const percent = percentUnder(inputs.listPricePence ?? 0, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercent) return null;
  const basis = isLabelledSavingBasis(inputs.savingBasisType) ? inputs.savingBasisType : null;
  return { kind: 'LABELLED_SAVING', percent, label: labelledSavingLabel(percent, basis) };
}

function lowestBasis(inputs: DealInputs, days: number, firstSeen: number): DealBasisValue | null {
  const now = inputs.now.getTime();
  const windowStart = now - days * DAY_MS;
  const covered = firstSeen <= windowStart;
  // The long window only ever says more than the short one when we watched all of it.
  if (days === DEAL_RULES.longWindowDays && !covered) return null;
  const low = previousLow(segmentsInWindow(inputs.history, windowStart, now), inputs.pricePence);
  const percent = low === null ? null : percentUnder(low, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercent) return null;
  const kind = days === DEAL_RULES.longWindowDays ? 'LOWEST_IN_90_DAYS' : 'LOWEST_IN_30_DAYS';
  return { kind, percent, label: covered ? `Lowest price in ${days} days` : 'Lowest price we have tracked' };
}

function medianBasis(inputs: DealInputs, firstSeen: number): DealBasisValue | null {
  const now = inputs.now.getTime();
  const windowStart = now - DEAL_RULES.shortWindowDays * DAY_MS;
  const segments = segmentsInWindow(inputs.history, windowStart, now);
  if (previousLow(segments, inputs.pricePence) === null) return null; // the price never changed
  const median = timeWeightedMedian(segments);
  const percent = median === null ? null : percentUnder(median, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercentBelowMedian) return null;
  const label = firstSeen <= windowStart ? `${percent}% below its 30-day average` : `${percent}% below its average price so far`;
  return { kind: 'BELOW_30_DAY_MEDIAN', percent, label };
}

/**
 * The product's deal basis, or null when it is not a deal (rules in the file comment). Never throws;
 * a price ≤ 0 is never a deal.
 */
export function judgeDealBasis(inputs: DealInputs): DealBasisValue | null {
  if (!(inputs.pricePence > 0)) return null;
  const labelled = labelledBasis(inputs);
  if (labelled) return labelled;
  const firstSeen = Math.min(...inputs.history.map((p) => p.observedAt.getTime()));
  if (!Number.isFinite(firstSeen)) return null;
  return (
    lowestBasis(inputs, DEAL_RULES.longWindowDays, firstSeen) ??
    lowestBasis(inputs, DEAL_RULES.shortWindowDays, firstSeen) ??
    medianBasis(inputs, firstSeen)
  );
}
