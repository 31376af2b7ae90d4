/**
 * Pure rules of the search screens (shopper-screens §4 "Search on home", §5, §8, §9; issue 28):
 * the text we send (never a 400 for what a shopper typed or pasted), counts with the right plural
 * ("1 product", never "1 products"), the 'Search completed' toast's words, and the placeholder
 * suggestions of the search landing page.
 */
import { formatCount } from '../../../common/numbers';
import { clipText, SEARCH_KEYWORDS_MAX_CHARS, SUGGESTION_QUERY_MAX_CHARS } from '../../../common/search-limits';

/** The longest keywords POST /api/products/search accepts. */
export const SEARCH_TEXT_MAX_CHARS = SEARCH_KEYWORDS_MAX_CHARS;

/** Any C0 control character (the API refuses them with a 400; common/api/text.schema.ts). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f]+/g;

/**
 * `text` as the API accepts it: control characters (a pasted tab or line break) become spaces,
 * runs of spaces one space, trimmed, then cut to `max` characters (never inside an emoji).
 */
export function cleanSearchText(text: string, max = SEARCH_TEXT_MAX_CHARS): string {
  return clipText(text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim(), max).trim();
}

/** The text GET /api/products/suggestions is asked with: cleaned and at most 100 characters. */
export function suggestionsText(text: string): string {
  return cleanSearchText(text, SUGGESTION_QUERY_MAX_CHARS);
}

/** "1 product", "2 products", "1,234 results": en-GB digits, singular only for exactly one. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * A count of search results: "42 products", or "over 1,000 products" when the answer counted only
 * that far (`capped`: the API's `totalCapped`, decision 0040).
 */
export function totalOf(total: number, capped: boolean | undefined, one: string, many = `${one}s`): string {
  return capped ? `over ${formatCount(total)} ${many}` : countOf(total, one, many);
}

/** What a search answer says about how it read the keywords (searchResponseSchema's optional fields). */
export interface SearchReading {
  total: number;
  /** True when more than `total` products match (the answer counted only that far). */
  totalCapped?: boolean;
  didYouMean?: string;
  relaxedFrom?: string;
  showingResultsFor?: string;
  /** How many of `total` match every word, when not all do (they are listed first). */
  matchingAll?: number;
}

/**
 * The 'Search completed' toast of shopper-screens §8 for an answer, or null when there is nothing
 * to announce (no products: the page says 'No products found'). When the products answer other
 * words than the ones typed (a corrected spelling, or part of the keywords), or only some of them
 * match every word, the toast says so rather than "matching your criteria".
 */
export function searchCompletedToast(answer: SearchReading): { title: string; description: string } | null {
  if (answer.total <= 0) return null;
  const found = totalOf(answer.total, answer.totalCapped, 'product');
  if (answer.showingResultsFor !== undefined && (answer.relaxedFrom !== undefined || answer.didYouMean !== undefined)) {
    return { title: 'Search completed', description: `Found ${found} for “${answer.showingResultsFor}”` };
  }
  if (answer.matchingAll !== undefined && answer.matchingAll > 0 && answer.matchingAll < answer.total) {
    const more = answer.total - answer.matchingAll;
    const others = answer.totalCapped ? 'many more that match' : `${formatCount(more)} more that ${more === 1 ? 'matches' : 'match'}`;
    return {
      title: 'Search completed',
      description: `Found ${countOf(answer.matchingAll, 'product')} matching all your words, and ${others} part of them`,
    };
  }
  return { title: 'Search completed', description: `Found ${found} matching your criteria` };
}

/**
 * Placeholder suggestions of the search landing page, one every 2.5 s (shopper-screens §4, §9):
 * everyday UK shopping words across the ten categories.
 */
export const PLACEHOLDER_SUGGESTIONS: readonly string[] = [
  'air fryer',
  'cordless hoover',
  'wireless earbuds',
  'electric kettle',
  'yoga mat',
  'car phone holder',
  'LEGO',
  'baby monitor',
  'coffee machine',
  'bluetooth speaker',
];

/** Milliseconds each placeholder stays (spec §9: 2.5 s) and its fade (300 ms). */
export const PLACEHOLDER_ROTATE_MS = 2500;
export const PLACEHOLDER_FADE_MS = 300;

/** The placeholder text shown for suggestion `text`: short, so it fits beside 'Search Deals' on a phone. */
export function placeholderText(text: string): string {
  return `Try “${text}”`;
}
