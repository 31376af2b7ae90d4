/**
 * The pricing module's history rules: which prices make a deal, which earlier price may be shown as
 * a reference ("was") price, and how much history each claim needs (docs/pricing/reference-prices.md,
 * which cites its sources: CAP Code 3.17–3.22, the CTSI/BEIS Guidance for Traders on Pricing
 * Practices 2016, the DMCC Act 2024; docs/decisions/0008-deal-definition.md and 0022). Pure: a
 * product's prices in, its deal basis, reference price and flags out. Money in integer pence.
 *
 * **Evidence.** A price observation shows its price from `observedAt` to `confirmedAt` (the last
 * time a source re-asserted it while it was in effect; absent = only at `observedAt`). It is taken
 * to have held until the next observation only when that next one came within `maxGapDays` of the
 * last confirmation; otherwise the time between is unknown and breaks the history (a 2023 crawl
 * followed by a 2026 price says nothing about the months between). The current price holds until
 * `now` when its last confirmation is within `maxGapDays`; a feed's price older than that is stale.
 *
 * **A product is a deal** when its price is current (a feed price confirmed within `maxGapDays`;
 * Amazon's own data is limited by the licence view instead) and, first rule that applies:
 * 1. LABELLED_SAVING: the retailer labels a saving basis (list/was price) above the current price,
 *    at least 1 whole percent (the same percent the card's badge shows).
 * 2. TRACKED_PRICE_DROP: the price before the current one held, on evidence, for at least
 *    {@link REFERENCE_RULES}.minHeldDays (28) days, right up to the drop, and the current price has
 *    not been charged for longer than that higher price was; at least 1 whole percent under it.
 *    That earlier price is the product's tracked reference price (saving basis `TRACKED_PRICE`).
 * 3. LOWEST_IN_90_DAYS / LOWEST_IN_30_DAYS: the window is covered by evidence from its start to now
 *    with no gap, and the price is at least 1 whole percent under every other price in it.
 * 4. BELOW_30_DAY_MEDIAN: at least 5 whole percent under the time-weighted median of the prices in
 *    effect over a fully covered 30-day window, after the price has changed.
 * A price that never changed is never a history deal; no history claim is made on partial history.
 */
import { discountPercent, isLabelledSavingBasis, type LabelledSavingBasis } from '../../../common/discount';
import { formatPence } from '../../../common/money';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

export const DEAL_KINDS = [
  'LABELLED_SAVING',
  'TRACKED_PRICE_DROP',
  'LOWEST_IN_90_DAYS',
  'LOWEST_IN_30_DAYS',
  'BELOW_30_DAY_MEDIAN',
] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/** A deal basis as stored on products (deal_kind, deal_percent, deal_label). */
export interface DealBasisValue {
  kind: DealKind;
  /** Whole percent under the reference price (list price, tracked price, previous low or median); ≥ 1. */
  percent: number;
  /** The card's text, e.g. "Lowest price in 30 days". */
  label: string;
}

/** Thresholds of the deal rule (docs/decisions/0008). */
export const DEAL_RULES = {
  /** Smallest whole percent any basis must show. */
  minPercent: 1,
  /** Smallest whole percent under the 30-day median. */
  minPercentBelowMedian: 5,
  shortWindowDays: 30,
  longWindowDays: 90,
} as const;

/** Thresholds of the reference-price rule (docs/pricing/reference-prices.md). */
export const REFERENCE_RULES = {
  /** Days the higher price must have held, on evidence, right before the drop (the 28-day practice). */
  minHeldDays: 28,
  /** Default days a price stays evidenced after its last confirmation (`FEED_PRICE_MAX_AGE_DAYS`). */
  defaultMaxGapDays: 7,
  /** Days of unbroken history an "all-time low" claim needs (not yet shown anywhere). */
  allTimeLowMinDays: 90,
} as const;

let configuredMaxGapDays: number = REFERENCE_RULES.defaultMaxGapDays;

/**
 * Sets `FEED_PRICE_MAX_AGE_DAYS` (whole days ≥ 1) for every rule call that names none: the server
 * and the import CLI call it once with the parsed environment (server/env.ts). Throws RangeError for
 * a value below 1 or not finite.
 */
export function configurePriceEvidence(settings: { feedPriceMaxAgeDays: number }): void {
  const days = settings.feedPriceMaxAgeDays;
  if (!Number.isFinite(days) || days < 1) throw new RangeError('feedPriceMaxAgeDays must be at least 1');
  configuredMaxGapDays = days;
}

/** The configured `FEED_PRICE_MAX_AGE_DAYS` (default 7). */
export function feedPriceMaxAgeDays(): number {
  return configuredMaxGapDays;
}

/** One observed price, when it took effect and when a source last re-asserted it. */
export interface PricePoint {
  pricePence: number;
  observedAt: Date;
  /** Last confirmation while in effect (≥ observedAt); null/absent = only seen at observedAt. */
  confirmedAt?: Date | null;
}

/** What the rules read about one product. */
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
  /** When the current price was last observed or confirmed (products.price_as_of); default: the last point's evidence. */
  priceAsOf?: Date | null;
  /** Who vouches for the price (products.price_source): 'creators-api' is never stale here (the licence view hides it). */
  priceSource?: string | null;
  /** `FEED_PRICE_MAX_AGE_DAYS`: days a price stays evidenced after its last confirmation. Default 7. */
  maxGapDays?: number;
}

/** A price held on evidence from `start` to `end` (ms); `gapBefore` when unknown time precedes it. */
interface Segment {
  pricePence: number;
  start: number;
  end: number;
  gapBefore: boolean;
}

/** The time a point was last evidenced (ms). */
function lastSeen(point: PricePoint): number {
  const observed = point.observedAt.getTime();
  const confirmed = point.confirmedAt?.getTime() ?? observed;
  return Math.max(observed, confirmed);
}

/**
 * The prices held on evidence during (windowStart, now], each clipped to the window, consecutive
 * equal prices without a gap merged (ms). A gap of unknown time sits wherever an observation's
 * last confirmation is more than `maxGapDays` before the next observation (or before `now`).
 */
export function segmentsInWindow(
  history: readonly PricePoint[],
  windowStart: number,
  now: number,
  maxGapDays: number = configuredMaxGapDays,
): Segment[] {
  const maxGap = maxGapDays * DAY_MS;
  const points = [...history].filter((p) => p.observedAt.getTime() <= now).sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const segments: Segment[] = [];
  let gapPending = false;
  points.forEach((point, i) => {
    const next = i + 1 < points.length ? (points[i + 1] as PricePoint).observedAt.getTime() : now;
    const seen = Math.min(lastSeen(point), next);
    const evidenced = next - seen <= maxGap;
    const end = evidenced ? next : seen;
    const start = Math.max(point.observedAt.getTime(), windowStart);
    // The current price counts even when it was observed this instant (a zero-length run).
    if (end > windowStart && (end > start || (i === points.length - 1 && end === start))) {
      const last = segments[segments.length - 1];
      if (last && !gapPending && last.pricePence === point.pricePence && last.end === start) last.end = end;
      else
        segments.push({
          pricePence: point.pricePence,
          start,
          end,
          gapBefore: gapPending || (segments.length === 0 && start > windowStart),
        });
      gapPending = false;
    }
    if (!evidenced && next > windowStart) gapPending = true;
  });
  return segments;
}

/** True when the segments hold evidence for all of (windowStart, now] with no gap. */
function covers(segments: readonly Segment[], windowStart: number, now: number): boolean {
  if (segments.length === 0) return false;
  const first = segments[0] as Segment;
  const last = segments[segments.length - 1] as Segment;
  if (first.start > windowStart || last.end < now) return false;
  return segments.every((s, i) => i === 0 || (!s.gapBefore && (segments[i - 1] as Segment).end === s.start));
}

/** The trailing segments at the current price, without a gap between them: the current run. */
function currentRunStart(segments: readonly Segment[], pricePence: number): number {
  let i = segments.length;
  while (i > 0 && (segments[i - 1] as Segment).pricePence === pricePence) {
    i--;
    if ((segments[i] as Segment).gapBefore) break;
  }
  return i;
}

/** Lowest price of the segments before the current run; null when the price never changed in the window. */
function previousLow(segments: readonly Segment[], pricePence: number): number | null {
  const end = currentRunStart(segments, pricePence);
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

/**
 * True when the current price is a feed's price last confirmed more than `maxGapDays` before `now`
 * (show it as "last seen", never as current, and make no saving claim on it). Amazon's own data
 * ('creators-api') is governed by the licence's 24 hours instead (amazon-licence.rules.ts).
 */
export function isStaleFeedPrice(
  row: { priceAsOf: Date; priceSource: string | null | undefined },
  now: Date,
  maxGapDays: number = configuredMaxGapDays,
): boolean {
  if (row.priceSource === 'creators-api') return false;
  return now.getTime() - row.priceAsOf.getTime() > maxGapDays * DAY_MS;
}

function isStale(inputs: DealInputs): boolean {
  if (!inputs.priceAsOf) return false;
  return isStaleFeedPrice({ priceAsOf: inputs.priceAsOf, priceSource: inputs.priceSource }, inputs.now, inputs.maxGapDays);
}

/** A tracked reference price: pence and how many whole days it held on evidence before the drop. */
export interface TrackedReference {
  pricePence: number;
  heldDays: number;
}

/**
 * The tracked reference ("was") price under the reference-price rule, or null: the price in effect
 * right before the current one, held on evidence for ≥ 28 days up to the drop with no gap, the
 * current price charged no longer than it was, and at least 1 whole percent above the current price.
 * Null for a stale price or a price ≤ 0. Never throws.
 */
export function trackedReference(inputs: DealInputs): TrackedReference | null {
  if (!(inputs.pricePence > 0) || isStale(inputs)) return null;
  const now = inputs.now.getTime();
  const segments = segmentsInWindow(inputs.history, Number.NEGATIVE_INFINITY, now, inputs.maxGapDays);
  const runStart = currentRunStart(segments, inputs.pricePence);
  if (runStart === 0 || runStart === segments.length) return null;
  const current = segments[runStart] as Segment;
  if (current.gapBefore) return null; // the drop happened somewhere in unknown time
  // The previous price's unbroken run (equal neighbours are merged, so this is one segment).
  const previous = segments[runStart - 1] as Segment;
  const held = previous.end - previous.start;
  const charged = now - current.start;
  if (held < REFERENCE_RULES.minHeldDays * DAY_MS || charged > held) return null;
  const percent = discountPercent(previous.pricePence, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercent) return null;
  return { pricePence: previous.pricePence, heldDays: Math.floor(held / DAY_MS) };
}

function labelledBasis(inputs: DealInputs): DealBasisValue | null {
  const percent = discountPercent(inputs.listPricePence ?? 0, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercent) return null;
  const basis = isLabelledSavingBasis(inputs.savingBasisType) ? inputs.savingBasisType : null;
  return { kind: 'LABELLED_SAVING', percent, label: labelledSavingLabel(percent, basis) };
}

function trackedBasis(inputs: DealInputs): DealBasisValue | null {
  const reference = trackedReference(inputs);
  if (!reference) return null;
  const percent = discountPercent(reference.pricePence, inputs.pricePence) as number;
  return {
    kind: 'TRACKED_PRICE_DROP',
    percent,
    label: `Down ${percent}% from ${formatPence(reference.pricePence)}, its price for ${reference.heldDays} days`,
  };
}

/** True when the price is ≥ 1 % under every other price of a fully evidenced `days`-day window. */
function lowestPercent(inputs: DealInputs, days: number): number | null {
  const now = inputs.now.getTime();
  const windowStart = now - days * DAY_MS;
  const segments = segmentsInWindow(inputs.history, windowStart, now, inputs.maxGapDays);
  if (!covers(segments, windowStart, now)) return null;
  const low = previousLow(segments, inputs.pricePence);
  const percent = low === null ? null : discountPercent(low, inputs.pricePence);
  return percent === null || percent < DEAL_RULES.minPercent ? null : percent;
}

function lowestBasis(inputs: DealInputs, days: number): DealBasisValue | null {
  const percent = lowestPercent(inputs, days);
  if (percent === null) return null;
  const kind = days === DEAL_RULES.longWindowDays ? 'LOWEST_IN_90_DAYS' : 'LOWEST_IN_30_DAYS';
  return { kind, percent, label: `Lowest price in ${days} days` };
}

function medianBasis(inputs: DealInputs): DealBasisValue | null {
  const now = inputs.now.getTime();
  const windowStart = now - DEAL_RULES.shortWindowDays * DAY_MS;
  const segments = segmentsInWindow(inputs.history, windowStart, now, inputs.maxGapDays);
  if (!covers(segments, windowStart, now)) return null;
  if (previousLow(segments, inputs.pricePence) === null) return null; // the price never changed
  const median = timeWeightedMedian(segments);
  const percent = median === null ? null : discountPercent(median, inputs.pricePence);
  if (percent === null || percent < DEAL_RULES.minPercentBelowMedian) return null;
  return { kind: 'BELOW_30_DAY_MEDIAN', percent, label: `${percent}% below its 30-day average` };
}

/**
 * True when the current price is the lowest of a fully evidenced 30-day window and the price
 * changed in it (the "Lowest in 30 days" flag). False for a stale price. Never throws.
 */
export function isLowestIn30Days(inputs: DealInputs): boolean {
  if (!(inputs.pricePence > 0) || isStale(inputs)) return false;
  return lowestPercent(inputs, DEAL_RULES.shortWindowDays) !== null;
}

/**
 * The product's deal basis, or null when it is not a deal (rules in the file comment). Never throws;
 * a price ≤ 0 or a stale feed price is never a deal.
 */
export function judgeDealBasis(inputs: DealInputs): DealBasisValue | null {
  if (!(inputs.pricePence > 0) || isStale(inputs)) return null;
  return (
    labelledBasis(inputs) ??
    trackedBasis(inputs) ??
    lowestBasis(inputs, DEAL_RULES.longWindowDays) ??
    lowestBasis(inputs, DEAL_RULES.shortWindowDays) ??
    medianBasis(inputs)
  );
}
