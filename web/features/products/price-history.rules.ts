/**
 * Price history for the chart on our product page (DESIGN.md §4 "Honest prices": one observation
 * per product per change, oldest first). Prices arrive as pound strings; the chart works in pence.
 */
import { priceStringToPence } from '../../../common/money';
import type { PricePoint } from './api';
import { formatCount } from '../../../common/numbers';

export interface ChartPoint {
  /** Epoch ms of the observation. */
  t: number;
  pence: number;
  /** True for the point added at "now" so the line reaches today; it is not an observation. */
  extended?: boolean;
}

/** Parses the history, drops unreadable points and sorts it oldest first. */
export function toChartPoints(history: readonly PricePoint[]): ChartPoint[] {
  return history
    .map((p) => ({ t: Date.parse(p.observedAt), pence: priceStringToPence(p.price) }))
    .filter((p): p is ChartPoint => Number.isFinite(p.t) && p.pence !== null)
    .sort((a, b) => a.t - b.t);
}

/**
 * The points to draw: the observations, plus the last price repeated at `nowMs` (marked
 * `extended`) when the last observation is older, because a price holds until it changes.
 */
export function withPriceUntilNow(points: readonly ChartPoint[], nowMs: number): ChartPoint[] {
  const last = points.at(-1);
  return last && last.t < nowMs ? [...points, { t: nowMs, pence: last.pence, extended: true }] : [...points];
}

export interface HistorySummary {
  lowest: ChartPoint;
  highest: ChartPoint;
  first: ChartPoint;
  observations: number;
}

/** Lowest and highest observed prices (earliest time on ties) and the first observation; null when empty. */
export function summariseHistory(points: readonly ChartPoint[]): HistorySummary | null {
  const first = points[0];
  if (!first) return null;
  let lowest = first;
  let highest = first;
  for (const p of points) {
    if (p.pence < lowest.pence) lowest = p;
    if (p.pence > highest.pence) highest = p;
  }
  return { lowest, highest, first, observations: points.length };
}

/** Tick steps the price axis may use, in pence: 10p … £1,000. */
const AXIS_STEPS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

export interface PriceAxis {
  /** [min, max] in pence; both are multiples of the step. */
  domain: [number, number];
  ticks: number[];
}

/**
 * A price axis with round ticks (e.g. £20, £25, £30…) that holds every price between `lowPence`
 * and `highPence` with room above and below: about 4 steps, never below £0.
 */
export function priceAxis(lowPence: number, highPence: number): PriceAxis {
  const low = Math.max(0, Math.min(lowPence, highPence));
  const high = Math.max(lowPence, highPence);
  const rawStep = Math.max(high - low, 100) / 4;
  const step = AXIS_STEPS.find((s) => s >= rawStep) ?? (AXIS_STEPS.at(-1) as number);
  // At least a quarter step of room above and below, so the line never runs along the frame.
  let min = Math.floor(low / step) * step;
  if (low - min < step / 4) min = Math.max(0, min - step);
  let max = Math.ceil(high / step) * step;
  if (max - high < step / 4) max += step;
  const ticks: number[] = [];
  for (let t = min; t <= max; t += step) ticks.push(t);
  return { domain: [min, max], ticks };
}

/** Axis label of a tick: whole pounds without pence ("£25"), else pounds and pence ("£2.50"). */
export function formatAxisPrice(pence: number): string {
  return pence % 100 === 0 ? `£${formatCount(pence / 100)}` : `£${(pence / 100).toFixed(2)}`;
}
