/**
 * Money rules shared by server and browser (DESIGN.md §4 "Money").
 *
 * Amounts are stored and computed as **integer pence**. The API keeps the specification's
 * shapes: prices travel as strings of pounds with two decimals ("12.99", shopper-screens §3).
 */

/** Result of parsing a price written by a person or a feed. */
export type PriceParse =
  { ok: true; pence: number } | { ok: false; reason: 'empty' | 'range' | 'not a number' | 'negative' | 'zero' | 'too large' };

/** The largest price we accept: £1,000,000.00 in pence. */
export const MAX_PRICE_PENCE = 100_000_000;

/**
 * Parses a price such as `"£1,299.99"`, `"12.5"`, `12.99` or `" £3.42 "` into integer pence.
 * Strips `£`, `GBP`, commas and spaces (shopper-screens §5: "Price strings are stripped of £ and
 * commas"). A range such as `"£3.42 - £5.00"` is rejected with reason `range`: a feed that shows a
 * range has no single price. Zero is rejected (`0.0` means "no price shown" in the 2023 feed).
 * Never throws.
 */
export function parsePriceToPence(input: string | number | null | undefined): PriceParse {
  if (input === null || input === undefined) return { ok: false, reason: 'empty' };
  let pounds: number;
  if (typeof input === 'number') {
    pounds = input;
  } else {
    const text = input.replace(/GBP/gi, '').trim();
    if (text === '') return { ok: false, reason: 'empty' };
    if (/\d\s*[-–—]\s*£?\s*\d/.test(text) || /\bto\b/i.test(text)) return { ok: false, reason: 'range' };
    const cleaned = text.replace(/[£,\s]/g, '');
    if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(cleaned)) return { ok: false, reason: 'not a number' };
    pounds = Number(cleaned);
  }
  if (!Number.isFinite(pounds)) return { ok: false, reason: 'not a number' };
  if (pounds < 0) return { ok: false, reason: 'negative' };
  const pence = poundsToPence(pounds);
  if (pence === 0) return { ok: false, reason: 'zero' };
  if (pence > MAX_PRICE_PENCE) return { ok: false, reason: 'too large' };
  return { ok: true, pence };
}

/** Pounds (a float such as 12.99) to integer pence, rounding half away from zero at the penny. */
export function poundsToPence(pounds: number): number {
  // toFixed on a decimal string avoids 1.005 * 100 = 100.49999 surprises.
  return Math.round(Number((pounds * 100).toFixed(6)));
}

/** Integer pence to the API's price string of pounds, e.g. 129999 → "1299.99". Throws on non-integers. */
export function penceToPriceString(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`pence must be an integer, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses the API's price string ("12.99", also "£12.99") back to pence; null when it is not a price. */
export function priceStringToPence(text: string | null | undefined): number | null {
  const parsed = parsePriceToPence(text ?? null);
  return parsed.ok ? parsed.pence : null;
}

/**
 * Formats pence for people: 129999 → "£1,299.99", -250 → "-£2.50": what en-GB
 * `Intl.NumberFormat` with currency GBP prints (money.test.ts compares the two), written out because
 * a page's first `Intl` formatter loads the browser's ICU locale data: 85–110 ms of a phone's main
 * thread (Chromium at 4× CPU slowdown, 2026-11-24) in the first render of every page with a price.
 * Fractional pence are rounded half away from zero; a non-finite input prints as "£NaN" / "£Infinity".
 */
export function formatPence(pence: number): string {
  if (!Number.isFinite(pence)) return `£${Math.abs(pence)}`;
  const rounded = Math.sign(pence) * Math.round(Math.abs(pence));
  const abs = Math.abs(rounded);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats an API price string for people: "1299.99" → "£1,299.99"; unparsable text is returned as is. */
export function formatPriceString(price: string | null | undefined): string {
  const pence = priceStringToPence(price);
  return pence === null ? (price ?? '') : formatPence(pence);
}
