/**
 * Validation of one catalogue CSV row into a product (issue part 3 "Catalogue import"; DESIGN.md §4
 * "Money", "Honest prices", "Bad input"). Pure: no database, no I/O.
 *
 * A row is rejected (with every reason found, joined by "; ") for: missing ASIN, malformed ASIN
 * (10 upper-case letters or digits), duplicate ASIN in the file, missing title, no price (empty or
 * 0 — the 2023 feed writes 0.0 for "no price shown"), a price range, a price that is not a number,
 * a negative price, a price above £1,000,000, a rating outside 0–5, a bad savingBasisType or a
 * features cell that is broken JSON; and hostile text (issue 11 "Bad input"): a title, brand,
 * category or feature holding binary or control characters (NUL, U+FFFD from bytes that are not
 * UTF-8…), starting with a formula character (= + - @: spreadsheets run such a cell, OWASP "CSV
 * Injection"), or a brand or category over 200 characters. Soft problems keep the row and become warnings: an originalPrice
 * not above the price (ignored, since a "was" price must be substantiated), an unusable image or
 * product link (dropped), an unreadable review or bought-last-month count (dropped).
 *
 * An `observedAt` cell (issue 27 "True times") is when the row's price was seen: an ISO 8601 date or
 * date-time with its zone, not before 1990 and not more than 5 minutes after the import's clock
 * (common/observed-at.ts), else the row is rejected ("bad observedAt: … must …"). An empty cell
 * leaves the row to the import's own observation time.
 *
 * Every reason starts with a short kind ("no price", "duplicate ASIN"…) before any ": detail", so a
 * report can count rejections by kind.
 */
import { isAllowedAmazonUrl, isAsin } from '../../../common/affiliate';
import { mapAmazonCategory, type CategoryKey } from '../../../common/categories';
import { formatPence, MAX_PRICE_PENCE, parsePriceToPence } from '../../../common/money';
import { checkObservedAt } from '../../../common/observed-at';
import { fieldLabel, type CatalogueField, type CatalogueLayout } from './catalogue-layout';

/** A valid row. A property is `undefined` when the file has no such column (the stored value is kept). */
export interface CatalogueRow {
  line: number;
  asin: string;
  title: string;
  /** Current price, pence (> 0). */
  pricePence: number;
  /** Labelled saving basis price, pence; null when the cell is empty or was ignored. */
  listPricePence?: number | null;
  savingBasisType?: 'LIST_PRICE' | 'WAS_PRICE' | null;
  /** Stars 0–5; null when unrated (Amazon shows 1–5 stars, so 0 means "no rating"). */
  rating?: number | null;
  reviewCount?: number | null;
  imageUrl?: string | null;
  /** Amazon product page from the feed (productURL / affiliateUrl); only allowlisted Amazon hosts. */
  sourceUrl?: string | null;
  category?: CategoryKey;
  /** The category exactly as the feed wrote it. */
  categoryName?: string | null;
  brand?: string | null;
  features?: string[];
  boughtLastMonth?: number | null;
  isBestSeller?: boolean;
  /** From an `availability` column (issue 30): in stock, out of stock, or null for a blank or unknown cell. */
  inStock?: boolean | null;
  /**
   * When the row's price was seen, from its `observedAt` cell; undefined when the file has no such
   * column or the cell is empty (the import's `observedAt` option, else its clock, applies).
   */
  observedAt?: Date;
}

export type RowResult =
  { ok: true; row: CatalogueRow; warnings: string[] } | { ok: false; asin?: string; reasons: string[]; warnings: string[] };

/** Longest title we store; Amazon's own limit is 200 characters for most categories. */
export const MAX_TITLE_LENGTH = 1000;
const MAX_FEATURES = 30;
/** Longest brand or category name kept; longer ones reject the row (a 1 MB cell is not a brand). */
export const MAX_NAME_LENGTH = 200;
/** Control characters other than tab and line breaks, DEL, and U+FFFD (what undecodable bytes become). */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;
/** A leading character that makes a spreadsheet treat the cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@]/;
const MAX_FEATURE_LENGTH = 500;

/**
 * Validates the fields of one data row read with `layout`. `firstLineOf(asin)` answers the line
 * where the ASIN already appeared in this file, if it did (the caller keeps that memory). `now` is
 * the import's clock, which an `observedAt` cell may not pass by more than 5 minutes (default: the
 * real time).
 */
export function validateRow(
  fields: readonly string[],
  layout: CatalogueLayout,
  line: number,
  firstLineOf: (asin: string) => number | undefined,
  now: Date = new Date(),
): RowResult {
  const reasons: string[] = [];
  const warnings: string[] = [];
  const cell = (field: CatalogueField): string | undefined => {
    const index = layout.columns[field];
    return index === undefined ? undefined : (fields[index] ?? '').trim();
  };
  const has = (field: CatalogueField) => layout.columns[field] !== undefined;

  for (const field of layout.missingRequired) reasons.push(`missing ${fieldLabel(field)}: the file has no ${fieldLabel(field)} column`);

  const asinText = cell('asin');
  let asin: string | undefined;
  if (asinText !== undefined) {
    if (asinText === '') reasons.push('missing ASIN');
    else if (!isAsin(asinText)) reasons.push(`malformed ASIN: "${clip(asinText)}" is not 10 upper-case letters or digits`);
    else {
      asin = asinText;
      const first = firstLineOf(asin);
      if (first !== undefined) reasons.push(`duplicate ASIN: ${asin} is already on line ${first}`);
    }
  }

  const titleText = cell('title');
  const title = titleText?.replace(/\s+/g, ' ');
  if (title !== undefined) {
    if (title === '') reasons.push('missing title');
    else if (title.length > MAX_TITLE_LENGTH) reasons.push(`title too long: ${title.length} characters, at most ${MAX_TITLE_LENGTH}`);
    else hostileTextReason('title', title, reasons);
  }

  const priceText = cell('price');
  let pricePence: number | undefined;
  if (priceText !== undefined) {
    const parsed = parsePriceToPence(priceText);
    if (parsed.ok) pricePence = parsed.pence;
    else reasons.push(priceReason(parsed.reason, priceText));
  }

  const row: CatalogueRow = { line, asin: asin ?? '', title: title ?? '', pricePence: pricePence ?? 0 };

  if (has('rating')) {
    const text = cell('rating') ?? '';
    // "4.6" (2023 feed) or "4.6 out of 5 stars" (2017 feed).
    const match = /^(-?\d+(?:\.\d+)?)(?:\s*out of 5(?: stars)?)?$/i.exec(text);
    if (text === '') row.rating = null;
    else if (!match) reasons.push(`rating not a number: "${clip(text)}"`);
    else {
      // Hundredths at most: a float4 column cannot hold a value such as 1e-50 (PostgreSQL answers
      // "underflow" and the whole import would fail), and no feed rates finer than that.
      const stars = Math.round(Number(match[1]) * 100) / 100;
      if (stars < 0 || stars > 5) reasons.push(`rating outside 0–5: ${stars}`);
      else row.rating = stars === 0 ? null : stars;
    }
  }

  if (has('reviewCount')) row.reviewCount = countCell(cell('reviewCount') ?? '', 'review count', warnings);
  if (has('boughtLastMonth')) row.boughtLastMonth = countCell(cell('boughtLastMonth') ?? '', 'bought in last month', warnings);
  if (has('isBestSeller')) row.isBestSeller = /^(1|true|yes|y)$/i.test(cell('isBestSeller') ?? '');
  if (has('availability')) row.inStock = availabilityOf(cell('availability') ?? '');

  if (has('savingBasisType')) {
    const text = (cell('savingBasisType') ?? '').toUpperCase();
    if (text !== '' && text !== 'LIST_PRICE' && text !== 'WAS_PRICE') {
      reasons.push(`bad savingBasisType: "${clip(text)}" must be LIST_PRICE or WAS_PRICE`);
    }
  }

  if (has('originalPrice')) {
    row.listPricePence = null;
    row.savingBasisType = null;
    const text = cell('originalPrice') ?? '';
    if (text !== '') {
      const parsed = parsePriceToPence(text);
      if (!parsed.ok) {
        warnings.push(`originalPrice ignored: ${priceReason(parsed.reason, text)}`);
      } else if (pricePence !== undefined && parsed.pence <= pricePence) {
        warnings.push(`originalPrice ignored: ${formatPence(parsed.pence)} is not above the price ${formatPence(pricePence)}`);
      } else {
        const basis = (cell('savingBasisType') ?? '').toUpperCase();
        row.listPricePence = parsed.pence;
        row.savingBasisType = basis === 'WAS_PRICE' || basis === 'LIST_PRICE' ? basis : layout.defaultSavingBasis;
      }
    }
  }

  if (has('imageUrl')) row.imageUrl = urlCell(cell('imageUrl') ?? '', 'image URL', (u) => /^https?:$/.test(u.protocol), warnings);
  if (has('productUrl')) row.sourceUrl = urlCell(cell('productUrl') ?? '', 'product URL', (u) => isAllowedAmazonUrl(u.href), warnings);

  if (has('category')) {
    const name = (cell('category') ?? '').replace(/\s+/g, ' ');
    if (nameReason('category', name, reasons)) {
      row.category = mapAmazonCategory(name);
      row.categoryName = name === '' ? null : name;
    }
  }
  if (has('brand')) {
    const brand = (cell('brand') ?? '').replace(/\s+/g, ' ');
    if (nameReason('brand', brand, reasons)) row.brand = brand || null;
  }

  if (has('features')) {
    const raw = cell('features') ?? '';
    const features = BINARY.test(raw) ? null : parseFeatures(raw);
    if (features === null) reasons.push('bad features: not a valid JSON array of text');
    else if (!features.every((f) => hostileTextReason('feature', f, reasons))) row.features = [];
    else row.features = features;
  }

  if (has('observedAt')) {
    const text = cell('observedAt') ?? '';
    if (text !== '') {
      const checked = checkObservedAt(text, now);
      if (checked.ok) row.observedAt = checked.value;
      else reasons.push(`bad observedAt: "${clip(text)}" ${checked.rule}`);
    }
  }

  if (reasons.length > 0) return { ok: false, asin, reasons, warnings };
  return { ok: true, row, warnings };
}

function priceReason(reason: 'empty' | 'range' | 'not a number' | 'negative' | 'zero' | 'too large', text: string): string {
  switch (reason) {
    case 'empty':
      return 'no price: the price is empty';
    case 'zero':
      return 'no price: the price is 0 (the feed shows no price)';
    case 'range':
      return `price is a range: "${clip(text)}"`;
    case 'negative':
      return `price is negative: "${clip(text)}"`;
    case 'too large':
      return `price too large: "${clip(text)}" is above ${formatPence(MAX_PRICE_PENCE)}`;
    default:
      return `price not a number: "${clip(text)}"`;
  }
}

/**
 * Adds a reason when `text` (a title, brand, category or feature) holds binary or control
 * characters or starts like a spreadsheet formula. Returns true when the text is acceptable.
 */
function hostileTextReason(label: string, text: string, reasons: string[]): boolean {
  if (BINARY.test(text)) {
    reasons.push(`binary or control characters: the ${label} holds bytes that are not text`);
    return false;
  }
  if (FORMULA_START.test(text)) {
    reasons.push(`formula-like text: the ${label} starts with "${text[0]}", which spreadsheets run as a formula`);
    return false;
  }
  return true;
}

/** A brand or category name: not over {@link MAX_NAME_LENGTH} and not hostile. Returns true when acceptable. */
function nameReason(label: string, text: string, reasons: string[]): boolean {
  if (text.length > MAX_NAME_LENGTH) {
    reasons.push(`${label} too long: ${text.length} characters, at most ${MAX_NAME_LENGTH}`);
    return false;
  }
  return text === '' || hostileTextReason(label, text, reasons);
}

/** A whole count such as "1,356,658"; empty → null; anything else → null with a warning. */
function countCell(text: string, label: string, warnings: string[]): number | null {
  if (text === '') return null;
  const cleaned = text.replace(/[,\s]/g, '');
  if (/^\d+(\.0+)?$/.test(cleaned)) {
    const n = Number(cleaned);
    if (n <= 2_000_000_000) return n;
  }
  warnings.push(`${label} ignored: "${clip(text)}" is not a whole number`);
  return null;
}

function urlCell(text: string, label: string, allowed: (url: URL) => boolean, warnings: string[]): string | null {
  if (text === '') return null;
  try {
    const url = new URL(text);
    if (allowed(url)) return url.href;
  } catch {
    // falls through to the warning
  }
  warnings.push(`${label} ignored: "${clip(text)}" is not an allowed link`);
  return null;
}

/** A JSON array of text, or a list separated by `|` (preferred) or `;`. Null when JSON is broken. */
export function parseFeatures(text: string): string[] | null {
  if (text === '') return [];
  let items: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string' || typeof x === 'number')) return null;
      items = parsed;
    } catch {
      return null;
    }
  } else {
    items = text.split(text.includes('|') ? '|' : ';');
  }
  return items
    .map((x) => String(x).replace(/\s+/g, ' ').trim().slice(0, MAX_FEATURE_LENGTH))
    .filter((x) => x !== '')
    .slice(0, MAX_FEATURES);
}

/** Shortens cell text quoted in a message. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * A feed's availability cell (issue 30): "In stock", "IN_STOCK", "in_stock_scarce", "available",
 * "yes", "true", "1", "preorder" are in stock; "Out of stock", "OUT_OF_STOCK", "unavailable",
 * "sold out", "no", "false", "0" are not; anything else (and blank) is unknown (null).
 */
export function availabilityOf(text: string): boolean | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (/^(in stock( scarce)?|available|yes|y|true|1|pre ?order|leadtime)$/.test(t)) return true;
  if (/^(out of stock|unavailable|currently unavailable|sold out|no|n|false|0)$/.test(t)) return false;
  return null;
}
