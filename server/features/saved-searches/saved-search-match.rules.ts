/**
 * Which products a saved search matches, and how to find its candidates without testing every saved
 * search per product (issue 30 "Keyword and category alerts"; docs/decisions/0031-saved-searches.md).
 * Pure rules, no I/O.
 *
 * - Words are read as search reads them (server/features/products/search-text.ts, decision 0026):
 *   folded, stemmed with Porter2, British/American spellings and shopper synonyms ("hoover" finds
 *   vacuum cleaners). A product matches when **every** term of the search occurs in its title or
 *   brand (a phrase term as a phrase), it is in the search's category (when one is set), its price
 *   is at most the search's cap, and its verified saving (products.deal_percent, decision 0008) is at
 *   least the search's minimum.
 * - **Inverted index.** A search is filed under the keys of its *rarest* term only: one stem per
 *   form of that term (the rarest stem of a phrase), or `category:{key}` for a search without words.
 *   A product that matches the search holds every stem of one form of every term, so it holds one of
 *   those keys: looking a product's stems up in the index finds every search it can match (no false
 *   negatives), and only those are tested in full. Rarity is the number of catalogue products that
 *   hold the stem (a document frequency), so a search for "dyson cordless vacuum" is filed under
 *   "dyson", not "vacuum".
 */
import { stemOf, termIn, termsOf, wordsOf, type Term } from '../products';

/** A saved search as matching reads it. Money in pence. */
export interface SearchCriteria {
  id: number;
  keywords: string;
  category: string | null;
  maxPricePence: number | null;
  minSavingPercent: number | null;
}

/** A saved search read into terms, with its index keys. */
export interface CompiledSearch extends SearchCriteria {
  terms: Term[];
  /** The keys it is filed under in the inverted index (see the module comment). */
  keys: string[];
}

/** What matching needs of a product. Money in pence. */
export interface MatchableProduct {
  asin: string;
  title: string;
  brand: string | null;
  category: string;
  pricePence: number;
  /** Verified saving in whole percent (products.deal_percent), null when the product is no deal. */
  dealPercent: number | null;
}

/** Index key of a search without words: its category. */
export const categoryKey = (category: string) => `category:${category}`;

/** A separator that no stem equals, so a phrase never runs from the title into the brand. */
const FIELD_BREAK = '|';

/**
 * Stems of words seen lately: a catalogue has a small vocabulary, and stemming is most of the cost of
 * reading 100k titles. A pure cache (a word always has the same stem), emptied when full.
 */
const stemmed = new Map<string, string>();
const STEMMED_MAX = 100_000;

function cachedStem(word: string): string {
  let stem = stemmed.get(word);
  if (stem === undefined) {
    if (stemmed.size >= STEMMED_MAX) stemmed.clear();
    stem = stemOf(word);
    stemmed.set(word, stem);
  }
  return stem;
}

/** The stems of a product's title and brand, in order (the words a saved search is matched against). */
export function productStems(product: Pick<MatchableProduct, 'title' | 'brand'>): string[] {
  const stems = wordsOf(product.title).map(cachedStem);
  if (product.brand) stems.push(FIELD_BREAK, ...wordsOf(product.brand).map(cachedStem));
  return stems;
}

/** The terms of a search's keywords (search-text.ts `termsOf`), [] for blank keywords. */
export function searchTerms(keywords: string): Term[] {
  const words = wordsOf(keywords);
  return words.length === 0 ? [] : termsOf(words);
}

/** Every stem whose rarity {@link compileSearch} may ask about for these terms (to look them up in one go). */
export function stemsToRate(terms: readonly Term[]): string[] {
  const out = new Set<string>();
  for (const term of terms) for (const form of term.forms) for (const stem of form.stems) out.add(stem);
  return [...out];
}

/**
 * Reads `search` into terms and picks its index keys: for each term, each form's rarest stem by
 * `frequency` (products holding it; an unknown stem counts 0, the rarest); the term whose keys sum
 * to the fewest products wins (ties: the earlier term). A search without words is filed under its
 * category. Never throws.
 */
export function compileSearch(search: SearchCriteria, frequency: (stem: string) => number): CompiledSearch {
  const terms = searchTerms(search.keywords);
  if (terms.length === 0) return { ...search, terms, keys: search.category ? [categoryKey(search.category)] : [] };
  let best: { keys: string[]; cost: number } | null = null;
  for (const term of terms) {
    const keys = new Set<string>();
    for (const form of term.forms) {
      let rarest = form.stems[0] as string;
      for (const stem of form.stems) if (frequency(stem) < frequency(rarest)) rarest = stem;
      keys.add(rarest);
    }
    const cost = [...keys].reduce((sum, k) => sum + frequency(k), 0);
    if (!best || cost < best.cost) best = { keys: [...keys], cost };
  }
  return { ...search, terms, keys: best?.keys ?? [] };
}

/**
 * True when `product` (with its {@link productStems}) meets every criterion of `search`: category,
 * price cap, minimum verified saving, and every term in its title or brand.
 */
export function matchesSearch(
  search: CompiledSearch,
  product: MatchableProduct,
  stems: readonly string[],
  stemSet: ReadonlySet<string> = new Set(stems),
): boolean {
  if (search.category !== null && product.category !== search.category) return false;
  if (search.maxPricePence !== null && product.pricePence > search.maxPricePence) return false;
  if (search.minSavingPercent !== null && (product.dealPercent ?? 0) < search.minSavingPercent) return false;
  for (const term of search.terms) if (!termInStems(term, stems, stemSet)) return false;
  return true;
}

/**
 * search-text.ts `termIn` with a set of the product's stems first: a one-word form is a set look-up,
 * and a phrase is searched for only when all its stems are there (the common "no" costs no scan).
 */
function termInStems(term: Term, stems: readonly string[], stemSet: ReadonlySet<string>): boolean {
  if (term.prefix) return termIn(stems, term);
  for (const form of term.forms) {
    if (form.stems.length === 1) {
      if (stemSet.has(form.stems[0] as string)) return true;
    } else if (form.stems.every((s) => stemSet.has(s)) && isPhraseIn(stems, form.stems)) return true;
  }
  return false;
}

/** True when `phrase` occurs in `stems` as adjacent stems in order (search-text.ts `hasPhrase`). */
function isPhraseIn(stems: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= stems.length; i += 1) {
    for (let j = 0; j < phrase.length; j += 1) if (stems[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** The searches filed under one key: those for any category, and those of each category, each list by price cap, highest first. */
interface Filed {
  anyCategory: CompiledSearch[];
  byCategory: Map<string, CompiledSearch[]>;
}

/** A search's price cap for ordering: no cap is the highest. */
const capOf = (s: CompiledSearch) => s.maxPricePence ?? Number.POSITIVE_INFINITY;

/**
 * The in-memory inverted index of compiled searches by key, and the matcher over it: each product
 * tests only the searches filed under one of its stems or its category. Under each key the searches
 * are kept apart by category and ordered by price cap, so a product never looks at a search of
 * another category or one whose cap is below its price.
 */
export class SavedSearchIndex {
  private readonly byKey = new Map<string, Filed>();
  private sorted = true;
  /** Searches filed. */
  size = 0;
  /** Candidate searches tested in full so far (what the index saves is the rest). */
  tested = 0;

  /** Files `search` under each of its keys (a search without keys is never matched). */
  add(search: CompiledSearch): void {
    if (search.keys.length === 0) return;
    this.size += 1;
    this.sorted = false;
    for (const key of search.keys) {
      let filed = this.byKey.get(key);
      if (!filed) this.byKey.set(key, (filed = { anyCategory: [], byCategory: new Map() }));
      if (search.category === null) filed.anyCategory.push(search);
      else {
        const list = filed.byCategory.get(search.category);
        if (list) list.push(search);
        else filed.byCategory.set(search.category, [search]);
      }
    }
  }

  /** Orders every list by price cap, highest first (once, before matching after adds). */
  private sort(): void {
    const byCap = (a: CompiledSearch, b: CompiledSearch) => capOf(b) - capOf(a);
    for (const filed of this.byKey.values()) {
      filed.anyCategory.sort(byCap);
      for (const list of filed.byCategory.values()) list.sort(byCap);
    }
    this.sorted = true;
  }

  /** The searches `product` matches (each once), tested only among its candidates. */
  match(product: MatchableProduct, stems: readonly string[] = productStems(product)): CompiledSearch[] {
    if (!this.sorted) this.sort();
    const stemSet = new Set(stems);
    const seen = new Set<CompiledSearch>();
    const out: CompiledSearch[] = [];
    const scan = (list: readonly CompiledSearch[] | undefined) => {
      if (!list) return;
      for (const search of list) {
        if (capOf(search) < product.pricePence) return; // the rest are capped lower still
        if (seen.has(search)) continue;
        seen.add(search);
        this.tested += 1;
        if (matchesSearch(search, product, stems, stemSet)) out.push(search);
      }
    };
    const test = (key: string) => {
      const filed = this.byKey.get(key);
      if (!filed) return;
      scan(filed.anyCategory);
      scan(filed.byCategory.get(product.category));
    };
    for (const stem of stemSet) test(stem);
    test(categoryKey(product.category));
    return out;
  }
}
