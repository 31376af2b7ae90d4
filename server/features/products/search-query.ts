/**
 * A shopper's search box text as a query (issue 28; docs/decisions/0026-search-relevance.md): the
 * terms asked for (search-text.ts: spellings and synonyms), which of them names the product type
 * (its head), the words excluded, and the PostgreSQL tsquery texts the search SQL binds.
 *
 * Syntax kept from websearch_to_tsquery, which search used before: `"a phrase"` is one term read
 * as a phrase, `-word` and `-"a phrase"` exclude, `or` between two terms lets either match. A dash
 * standing alone ("Kettle - Black") is punctuation.
 *
 * The tsquery texts are built only from words of [a-z0-9] (search-text.ts wordsOf), the operators
 * `& | ! <-> ( )` and `:*`, so nothing a shopper types can change the query's syntax; they are still
 * bound as parameters, never spliced into SQL, and read with `to_tsquery('english', …)`, which
 * stems them as the search vector was stemmed.
 */
import { asksForAccessory, headTermIndex, stemOf, termsOf, wordsOf, type Form, type Term } from './search-text';

/** At most this many terms take part (more only narrows answers that are already few). */
export const MAX_TERMS = 8;
/** At most this many forms per term reach SQL (a synonym entry with its spellings can have dozens). */
export const MAX_FORMS = 16;
/** Longest word kept; longer ones are cut (no title holds a longer word worth matching). */
export const MAX_WORD_LENGTH = 40;

/** A parsed search. */
export interface SearchQuery {
  /** The terms, in the order typed. */
  terms: Term[];
  /** Index in `terms` of the term naming the product type; -1 when there are no terms. */
  head: number;
  /** Excluded word sequences (`-word`, `-"a phrase"`). */
  excluded: string[][];
  /** True when the head term itself is an accessory, consumable or part (then those are not pushed down). */
  wantsAccessory: boolean;
}

/** Terms of a quoted phrase: one term whose only form is the phrase (words kept as typed). */
function phraseTerm(words: string[]): Term {
  if (words.length === 1) return termsOf(words)[0] as Term;
  return { text: words.join(' '), forms: [{ words, stems: words.map(stemOf) }], synonym: true };
}

/** Merges two terms into one that either satisfies ("kettle or toaster"). */
function eitherTerm(a: Term, b: Term): Term {
  return { text: `${a.text} or ${b.text}`, forms: [...a.forms, ...b.forms], synonym: true };
}

/**
 * Parses the search box text. Never throws; text without a word answers no terms (which matches
 * nothing). Words are cut to {@link MAX_WORD_LENGTH}; at most {@link MAX_TERMS} terms are kept.
 */
export function parseSearchQuery(text: string): SearchQuery {
  const terms: Term[] = [];
  const excluded: string[][] = [];
  let pendingOr = false;
  let run: string[] = [];
  const cut = (words: string[]) => words.map((w) => w.slice(0, MAX_WORD_LENGTH));
  const push = (term: Term) => {
    const previous = terms[terms.length - 1];
    if (pendingOr && previous) terms[terms.length - 1] = eitherTerm(previous, term);
    else terms.push(term);
    pendingOr = false;
  };
  const flush = () => {
    if (run.length === 0) return;
    const runTerms = termsOf(run);
    run = [];
    for (const t of runTerms) push(t);
  };
  // Tokens: -"phrase", "phrase", -word, word (a dash alone, or inside a word, is punctuation).
  const tokens = text.match(/-?"[^"]*"?|\S+/g) ?? [];
  for (const token of tokens) {
    const negative = /^-(?=["\p{L}\p{N}])/u.test(token);
    const body = negative ? token.slice(1) : token;
    const quoted = body.startsWith('"');
    const words = cut(wordsOf(body));
    if (words.length === 0) continue;
    if (negative) {
      flush();
      excluded.push(words);
      continue;
    }
    if (quoted) {
      flush();
      push(phraseTerm(words));
      continue;
    }
    if (words.length === 1 && words[0] === 'or' && (run.length > 0 || terms.length > 0)) {
      flush();
      pendingOr = true;
      continue;
    }
    run.push(...words);
  }
  flush();
  const kept = terms.slice(0, MAX_TERMS);
  const head = headTermIndex(kept);
  const headTerm = kept[head];
  return { terms: kept, head, excluded, wantsAccessory: headTerm ? asksForAccessory(headTerm) : false };
}

/** One form as tsquery text: its words as a phrase (`a <-> b`), each optionally a prefix. */
function formQuery(form: Form, prefix: boolean): string {
  return form.words.map((w) => (prefix ? `${w}:*` : w)).join(' <-> ');
}

/** A term as tsquery text: its forms OR-ed, in brackets. With `prefix`, the typed form's last word is a prefix too. */
export function termQuery(term: Term, prefix = false): string {
  const forms = term.forms.slice(0, MAX_FORMS).map((f) => formQuery(f, false));
  if (prefix && term.forms[0]) forms.push(formQuery(term.forms[0], true));
  return `(${[...new Set(forms)].join(' | ')})`;
}

/** The exclusions as `& !(…)` clauses (empty when none). */
function exclusionsOf(query: SearchQuery): string {
  return query.excluded.map((words) => ` & !(${words.join(' <-> ')})`).join('');
}

/** The tsquery texts of a search: what it retrieves, what matches it in full, and what ranks. */
export interface SearchTsqueries {
  /**
   * The retrieved set: products naming the head term (one of its forms), minus exclusions. Products
   * that match only the other terms ("spirit" of "spirit level") are not retrieved.
   */
  match: string;
  /** Every term (each by any of its forms), minus exclusions: the products that match in full. */
  all: string;
  /** Any term: what ts_rank scores (more terms named, and in the title, rank higher). */
  any: string;
}

/**
 * The tsquery texts of `query`, or null with no terms. A term marked `prefix` also reads its typed
 * words as prefixes ("headph" → headphones; search-recovery.ts marks them).
 */
export function tsqueriesOf(query: SearchQuery): SearchTsqueries | null {
  const head = query.terms[query.head];
  if (!head) return null;
  const exclusions = exclusionsOf(query);
  const terms = query.terms.map((t) => termQuery(t, t.prefix === true));
  return {
    match: `${terms[query.head] as string}${exclusions}`,
    all: `${terms.join(' & ')}${exclusions}`,
    any: terms.join(' | '),
  };
}

/** The words of the query's terms as typed, space-separated ("spirit level"). */
export function queryText(query: SearchQuery): string {
  return query.terms.map((t) => t.text).join(' ');
}

/**
 * `query` with its head term, when that is a phrase of several words ("frying pan", a synonym
 * entry read as one term), replaced by the phrase's last word alone ("pan"), or null when the head
 * is one word. For a search that found nothing at all.
 */
export function loosenHead(query: SearchQuery): SearchQuery | null {
  const head = query.terms[query.head];
  const words = head ? wordsOf(head.text) : [];
  const last = words[words.length - 1];
  if (!head || words.length < 2 || last === undefined) return null;
  const loose = termsOf([last])[0];
  if (!loose) return null;
  const terms = query.terms.map((t, i) => (i === query.head ? loose : t));
  return { ...query, terms, wantsAccessory: asksForAccessory(loose) };
}
