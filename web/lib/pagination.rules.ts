/**
 * Pagination rules (shopper-screens §9; category pages §2): at most 5 numbered buttons, starting
 * at the current page minus 2 (minimum 1) and shifted back near the end so 5 show when they can;
 * page numbers clamp between 1 and the total. The trending page adds the first and last page with
 * ellipses for the gaps (shopper-screens §2 "Trending deals", §9).
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

/** A numbered button, or a gap shown as an ellipsis (`gap-start` / `gap-end` keep React keys unique). */
export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The window of {@link pageWindow} with the first and last page added when they are outside it,
 * and an ellipsis wherever pages are skipped: 1 … 8 9 10 11 12 … 20. A gap of exactly one page
 * shows that page instead of an ellipsis (an ellipsis standing for a single page hides nothing).
 */
export function pageItemsWithEnds(current: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): PageItem[] {
  const last = Math.max(1, Math.floor(totalPages));
  const window = pageWindow(current, last, max);
  const first = window[0] as number;
  const end = window[window.length - 1] as number;
  const items: PageItem[] = [];
  if (first > 1) {
    items.push(1);
    if (first === 3) items.push(2);
    else if (first > 3) items.push('gap-start');
  }
  items.push(...window);
  if (end < last) {
    if (end === last - 2) items.push(last - 1);
    else if (end < last - 2) items.push('gap-end');
    items.push(last);
  }
  return items;
}
