/**
 * Pagination rules (shopper-screens §9; category pages §2): at most 5 numbered buttons, starting
 * at the current page minus 2 (minimum 1) and shifted back near the end so 5 show when they can;
 * page numbers clamp between 1 and the total.
 */

/** Most page buttons shown at once. */
export const MAX_PAGE_BUTTONS = 5;

/** Clamps `page` into 1…`totalPages` (a total below 1 counts as 1). Non-integers round down. */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages));
  const wanted = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(last, Math.max(1, wanted));
}

/** The consecutive page numbers to show as buttons around `current` (≤ `max` of them). */
export function pageWindow(current: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const last = Math.max(1, Math.floor(totalPages));
  const page = clampPage(current, last);
  const count = Math.min(max, last);
  const start = Math.max(1, Math.min(page - 2, last - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
