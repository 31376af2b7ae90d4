/**
 * Lengths of search text the API reads (issue 28), without zod, so the header's search box can use
 * them without loading the API schemas on every page (DESIGN.md §7 first-load budget).
 */

/** The most of a suggestions text that is read (GET /api/products/suggestions `q`); longer is cut. */
export const SUGGESTION_QUERY_MAX_CHARS = 100;

/** The longest search keywords accepted (POST /api/products/search `keywords`). */
export const SEARCH_KEYWORDS_MAX_CHARS = 200;

/**
 * `text` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair
 * (an emoji cut in two would be a lone surrogate).
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
