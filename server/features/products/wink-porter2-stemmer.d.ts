/**
 * Types of wink-porter2-stemmer (MIT; no types of its own): Martin Porter's English stemmer,
 * version 2 (Snowball "english"), the algorithm PostgreSQL's `english` text-search configuration
 * uses, so a stem computed here equals the lexeme PostgreSQL stores ("kettles" → "kettl").
 */
declare module 'wink-porter2-stemmer' {
  /** The Porter2 stem of one lower-case word. */
  export default function stem(word: string): string;
}
