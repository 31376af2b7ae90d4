/**
 * The relevance order of search (issue 28; docs/decisions/0026-search-relevance.md): the first
 * {@link RERANK_WINDOW} products the database retrieved, scored by what they are (search-text.ts
 * analyseTitle) against what the shopper asked for (search-query.ts). Pure; no I/O.
 *
 * score =
 * - per term (the head term counts 1.5×): 2 when the title's name names it (search-text.ts
 *   analyseTitle: before the first separator or "for"/"with"), 1.2 the rest of the title, 1.5 the
 *   brand, 1 the category name;
 * - 2 when every term matched somewhere (several terms), 1 more when the typed words stand together
 *   in the title as typed (a phrase);
 * - the product-type prior: +3 when the head term is the title's head noun ("Travel Kettle"), else +2
 *   when it ends a later part of the title ("HP LaserJet 4200 - Printer - B/W"), else
 *   +1.5 when Amazon's category name names it ("Lenses" for a lens; divided by the number of things
 *   the name lists: "Binoculars, Telescopes & Optics" says little), else −1 when the title uses it
 *   only to describe something else ("Kettle Charcoal Barbecue");
 * - −2.5 for an accessory, consumable or spare part of another type (a descaler for "kettle", toner
 *   for "laser printer"), unless the shopper asked for that kind of thing; −1 when the title says it
 *   serves the head term ("… for kettles");
 * - +1 in a category the matches agree on (holding at least a quarter, and two or more, of the
 *   products whose titles name the head term: "toner" is mostly in Printers & Accessories).
 * Ties keep the database's order (products matching in full first, then text rank, trending, id).
 */
import { analyseTitle, isHeadOf, isSegmentHeadOf, termIn, wordsOf, stemOf, hasPhrase, type Term } from './search-text';
import type { SearchQuery } from './search-query';

/**
 * Products read and re-ordered per search: the search page shows at most 10 pages of 10 (spec §9).
 * Deeper pages follow in the database's order.
 */
export const RERANK_WINDOW = 100;

/** What the ranking reads of a retrieved product. */
export interface RankCandidate {
  id: number;
  title: string;
  categoryName: string | null;
  brand: string | null;
  /** True when the product matches every term (the database's `all` tsquery). */
  matchesAll: boolean;
}

/** The scoring weights (see the module comment). */
export const WEIGHTS = {
  head: 1.5,
  inTitle: 2,
  inTitleDetails: 1.2,
  inBrand: 1.5,
  inCategory: 1,
  everyTerm: 3,
  phrase: 1,
  isType: 3,
  isTypeLater: 2,
  categoryNamesType: 1.5,
  describesOther: -1,
  accessory: -2.5,
  serves: -1,
  agreedCategory: 1,
} as const;

/** A category is "agreed" when at least this share of the typed matches are in it. */
const AGREED_SHARE = 0.25;

const stemsOf = (text: string | null) => (text ? wordsOf(text).map(stemOf) : []);

interface Scored<T> {
  candidate: T;
  order: number;
  score: number;
}

/** One candidate's analysis against the query. */
function features(query: SearchQuery, c: RankCandidate) {
  const title = analyseTitle(c.title);
  const category = stemsOf(c.categoryName);
  const brand = stemsOf(c.brand);
  const head = query.terms[query.head] as Term;
  // How many things the category name lists ("Lenses" 1; "Binoculars, Telescopes & Optics" 3).
  const categoryTypes = (c.categoryName ?? '').split(/,|&|\band\b/).filter((part) => part.trim() !== '').length;
  const isType = isHeadOf(title, head);
  return { title, category, brand, head, categoryTypes, isType, isTypeLater: !isType && isSegmentHeadOf(title, head) };
}

/**
 * `candidates` (in the database's order) in relevance order for `query`. Never throws; an empty
 * query keeps the order.
 */
export function rankCandidates<T extends RankCandidate>(query: SearchQuery, candidates: readonly T[]): T[] {
  if (query.head < 0 || candidates.length < 2) return [...candidates];
  const analysed = candidates.map((c) => ({ c, f: features(query, c) }));
  // Categories of the products whose titles name the head term ("toner" is mostly in Printers & Accessories).
  const basis = analysed.filter((a) => termIn(a.f.title.stems, a.f.head));
  const counts = new Map<string, number>();
  for (const a of basis) if (a.c.categoryName) counts.set(a.c.categoryName, (counts.get(a.c.categoryName) ?? 0) + 1);
  const agreed = new Set([...counts].filter(([, n]) => n >= 2 && n >= basis.length * AGREED_SHARE).map(([name]) => name));
  const typedStems = query.terms.flatMap((t) => t.forms[0]?.stems ?? []);

  const scored: Array<Scored<T>> = analysed.map(({ c, f }, order) => {
    let score = 0;
    let every = true;
    query.terms.forEach((term, i) => {
      const weight = i === query.head ? WEIGHTS.head : 1;
      if (termIn(f.title.name, term)) score += weight * WEIGHTS.inTitle;
      else if (termIn(f.title.stems, term)) score += weight * WEIGHTS.inTitleDetails;
      else if (termIn(f.brand, term)) score += weight * WEIGHTS.inBrand;
      else if (termIn(f.category, term)) score += weight * WEIGHTS.inCategory;
      else every = false;
    });
    if (query.terms.length > 1 && every) score += WEIGHTS.everyTerm;
    if (typedStems.length > 1 && hasPhrase(f.title.stems, typedStems)) score += WEIGHTS.phrase;
    if (f.isType) score += WEIGHTS.isType;
    else if (f.isTypeLater) score += WEIGHTS.isTypeLater;
    else if (termIn(f.category, f.head)) score += WEIGHTS.categoryNamesType / Math.max(1, f.categoryTypes);
    else if (termIn(f.title.name, f.head)) score += WEIGHTS.describesOther;
    if (!f.isType && !f.isTypeLater && !query.wantsAccessory) {
      if (f.title.accessory) score += WEIGHTS.accessory;
      if (termIn(f.title.targets, f.head)) score += WEIGHTS.serves;
    }
    if (c.categoryName && agreed.has(c.categoryName)) score += WEIGHTS.agreedCategory;
    return { candidate: c as T, order, score };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.candidate);
}
