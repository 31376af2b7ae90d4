/**
 * When a feed's prices were observed (issue 27 "True times"): the one reader of an observation time
 * given to an import, whichever way it arrives (the CSV column `observedAt`, `npm run import --
 * --observed-at`, the bulk import's `observedAt`, the admin upload's multipart field `observedAt`).
 * Pure, no zod: the admin page imports it too.
 *
 * Accepted (ISO 8601, the extended format of RFC 3339 §5.6):
 * - a calendar date, `2023-06-01`, read as midnight UTC;
 * - a date-time with its time zone, `2023-06-01T09:30Z`, `2023-06-01T09:30:00.250+01:00`
 *   (seconds and fractions optional, `T` or a space between date and time). A date-time without a
 *   zone is refused: it would mean a different instant on every machine.
 *
 * Rules of the instant: not before {@link OBSERVED_AT_EARLIEST} (no UK price feed is older; it also
 * keeps year 0000 away from the database) and not more than {@link OBSERVED_AT_MAX_FUTURE_MS} after
 * the importer's clock (clocks drift a little; a price cannot be seen in the future).
 */

/** The field that carries it: the CSV column, the bulk import's field, the upload's multipart field. */
export const OBSERVED_AT_FIELD = 'observedAt';

/** A later observation time than the importer's clock plus this is refused: 5 minutes, in ms. */
export const OBSERVED_AT_MAX_FUTURE_MS = 5 * 60 * 1000;

/** The earliest observation time accepted (UTC). */
export const OBSERVED_AT_EARLIEST = new Date('1990-01-01T00:00:00Z');

/** The rules, as a 400 or a rejected row names them after the field. */
export const OBSERVED_AT_RULES = {
  format: 'must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z',
  future: 'must not be more than 5 minutes in the future',
  early: 'must not be before 1990-01-01',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/**
 * The instant `text` names (see the module comment for the forms), or null when it is not one of
 * them or not a real date (2023-02-30, 25:00, an offset beyond ±23:59). Surrounding white space is
 * ignored. Never throws.
 */
export function parseObservedAt(text: string): Date | null {
  const value = text.trim();
  const date = DATE.exec(value);
  if (date) return utc(Number(date[1]), Number(date[2]), Number(date[3]), 0, 0, 0, 0, 0);
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = m;
  const offsetHours = zulu ? 0 : Number(oh);
  const offsetMinutes = zulu ? 0 : Number(om);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offsetMs = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  return utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms, offsetMs);
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, offsetMs: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  // Date.UTC rolls 30 February over into March, and reads years 0–99 as 1900–1999: refuse both.
  if (local.getUTCFullYear() !== y || local.getUTCMonth() !== mo - 1 || local.getUTCDate() !== d) return null;
  return new Date(local.getTime() - offsetMs);
}

/**
 * Reads `text` as an observation time for an import whose clock says `now`: the instant, or the
 * rule it breaks ({@link OBSERVED_AT_RULES}; the caller names the field before it). Never throws.
 */
export function checkObservedAt(text: string, now: Date): { ok: true; value: Date } | { ok: false; rule: string } {
  const value = parseObservedAt(text);
  if (value === null) return { ok: false, rule: OBSERVED_AT_RULES.format };
  const rule = observedAtRangeRule(value, now);
  return rule ? { ok: false, rule } : { ok: true, value };
}

/** The range rule `at` breaks for an import whose clock says `now`, or null when it is acceptable. */
export function observedAtRangeRule(at: Date, now: Date): string | null {
  if (at.getTime() > now.getTime() + OBSERVED_AT_MAX_FUTURE_MS) return OBSERVED_AT_RULES.future;
  if (at.getTime() < OBSERVED_AT_EARLIEST.getTime()) return OBSERVED_AT_RULES.early;
  return null;
}
