/**
 * Whole numbers for people, en-GB: 1234567 → "1,234,567" (what `toLocaleString('en-GB')` prints for
 * an integer; numbers.test.ts compares the two). Written out for the shopper pages' first
 * render: a page's first `Intl` formatter loads ICU's locale data, 85–110 ms of a phone's main thread
 * (Chromium at 4× CPU slowdown, 2026-11-24). Fractions are rounded to the nearest whole number
 * (half away from zero); a non-finite input prints as `String(n)`.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const rounded = Math.sign(n) * Math.round(Math.abs(n));
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/**
 * A total an answer may have counted only so far (`capped`: the API's `totalCapped`, decisions 0040
 * and 0047): "over 10,000" then, else {@link formatCount} of it ("3,870").
 */
export function formatTotal(total: number, capped: boolean | undefined): string {
  return capped ? `over ${formatCount(total)}` : formatCount(total);
}
