/**
 * The Under £15 list's rules (admin-area §5 "Under £15 CSV load", §9 "Under £15: threshold £15";
 * docs/decisions/0012-under-15.md). Pure.
 *
 * A row of the upload joins the list when the catalogue's row rules accept it (so it has a real
 * ASIN, title and price) and, as the spec says, its price is at most £15 and its title is longer
 * than 3 characters. Departure (spec §9): the old site made up an original price (random £8–18), a
 * 15% discount, a 4.5 rating and placeholder ASINs for such rows; we never invent any of them — a
 * row without an ASIN is rejected with its reason, and a "was" price shows only when substantiated.
 */
import { formatPence } from '../../../common/money';

/** The list's threshold: £15, in pence. */
export const BUDGET_DEAL_MAX_PENCE = 1500;
/** A title must be longer than this many characters (admin-area §5). */
export const BUDGET_DEAL_MIN_TITLE_EXCLUSIVE = 3;
/** Most products the public list answers (the fetch button's list). */
export const BUDGET_DEALS_SHOWN = 200;

/** Why an otherwise valid row cannot join the Under £15 list, or null when it can. */
export function budgetDealRowRule(row: { title: string; pricePence: number }): string | null {
  if (row.pricePence > BUDGET_DEAL_MAX_PENCE) {
    return `price above £15: ${formatPence(row.pricePence)} is above the Under £15 threshold`;
  }
  if (row.title.length <= BUDGET_DEAL_MIN_TITLE_EXCLUSIVE) {
    return `title too short: "${row.title}" must be longer than ${BUDGET_DEAL_MIN_TITLE_EXCLUSIVE} characters`;
  }
  return null;
}
