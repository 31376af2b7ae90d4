/**
 * Which products a shopper could buy instead of another (issue 28; docs/decisions/0023-search-
 * relevance.md): the same product type, read from titles by the products feature's analyseTitle
 * (search-text.ts), never an accessory, consumable or part of it, and for things that must fit (a
 * battery, a toner, a bulb) the same size or model code. Pure; no I/O.
 *
 * - {@link profileOf}: the source's type (its most specific head noun: "toner" of "Toner
 *   Cartridge"), the term that names it (with synonyms: trainers ↔ sneakers), its fit codes.
 * - {@link judgeCandidate}: whether a candidate is a genuine alternative, and how close (shared name
 *   words, same Amazon category, same words before the head: "travel kettle").
 * - {@link quantityComparison}: "1.0 L vs 0.9 L" from the two titles, when both state one.
 */
import {
  ACCESSORY_HEADS,
  GENERIC_HEADS,
  analyseTitle,
  isHeadOf,
  isSegmentHeadOf,
  stemOf,
  termsOf,
  wordsOf,
  type Term,
  type TitleAnalysis,
} from '../products';

/** Types that must fit what they go in: an alternative needs the same size or model code (or, without one, the same maker: a lens mount). */
const MUST_FIT = new Set(
  ['battery', 'batteries', 'cell', 'cartridge', 'toner', 'ink', 'bulb', 'lamp', 'filter', 'bag', 'belt', 'blade', 'refill', 'drum', 'ribbon', 'fuse', 'lens'].map(
    stemOf,
  ),
);

/** Battery and cell sizes written without digits. */
const SIZE_WORDS = new Set(['aa', 'aaa', 'aaaa', 'pp3', 'lr6', 'lr03']);

/** A name of this many words or fewer (not counting small words) is a maker and a model ("Loctite Precision"): the type is in the next part. */
const BARE_NAME_WORDS = 2;
const SMALL_WORDS = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'on', 'de', 'by']);

/** What the source product is. */
export interface SourceProfile {
  analysis: TitleAnalysis;
  /** The type's word as written ("kettle"), or null when the title names none. */
  typeWord: string | null;
  /** The term naming the type, with its synonyms and spellings; null with no type. */
  type: Term | null;
  /** True when an alternative must fit what the source fits (a battery size, a toner model, a lens mount). */
  mustFit: boolean;
  /** Size and model codes an alternative must share when the type must fit ("2032", "395", "aa"). */
  fitCodes: Set<string>;
  /** The title's first word (the maker, in most titles), for a type that must fit but states no code. */
  maker: string | null;
  /** Stems that say which kind of the type it is: the name's words and the later parts' heads, without the maker (first word) or the type. */
  kindStems: Set<string>;
}

/**
 * Size and model codes of a title: words with digits of three characters or more ("cr2032",
 * "sr927sw", "q2612a"), their runs of three digits or more ("2032", "927", "2612"), and battery
 * sizes ("aa"). Measures ("3v", "210mah", "50mm") are not codes.
 */
export function fitCodesOf(title: string): Set<string> {
  const codes = new Set<string>();
  for (const word of wordsOf(title)) {
    if (SIZE_WORDS.has(word)) codes.add(word);
    if (!/\d/.test(word) || word.length < 3) continue;
    if (/^\d+(v|mah|mm|cm|ml|w|g|kg|x|pcs|pc|pack|oz|m|l|in|ft)$/.test(word)) continue;
    codes.add(word);
    for (const run of word.match(/\d{3,}/g) ?? []) codes.add(run);
  }
  return codes;
}

/**
 * The source's profile (see {@link SourceProfile}). Its type is, in order: a head of the title that
 * Amazon's category name also names ("Headphones" of "Sennheiser HD 600 Audiophile Quality, Open
 * Hi-Fi stereo Headphones" in Headphones & Earphones; "Printer" of "OKI B4350N - Printer - B/W" in
 * Computer Printers); for a name that is only a maker and a model ("Loctite Precision, … Liquid
 * Adhesive …"), the head of the next part; else the name's own: a synonym phrase ending it
 * ("frying pan", "vacuum cleaner"), or its most specific head ("toner" of "Toner Cartridge").
 */
export function profileOf(title: string, categoryName: string | null = null): SourceProfile {
  const analysis = analyseTitle(title);
  const categoryWords = wordsOf(categoryName ?? '');
  const category = new Set(categoryWords.map(stemOf));
  const named = [...analysis.headWords, ...analysis.segmentHeadWords].find((w) => category.has(stemOf(w)));
  const bare = analysis.nameWords.filter((w) => !SMALL_WORDS.has(w)).length <= BARE_NAME_WORDS;
  const generic = analysis.head !== null && GENERIC_HEADS.has(analysis.head) && analysis.heads.length > 1;
  const own = (generic ? analysis.headWords[1] : analysis.headWords[0]) ?? null;
  const typeWord = named ?? (bare ? (analysis.segmentHeadWords[0] ?? own) : own);
  let type = typeWord ? (termsOf([typeWord])[0] ?? null) : null;
  if (typeWord !== null && typeWord === own) {
    // A synonym phrase that ends the name names the type more exactly ("frying pan", "ball pen").
    const last = termsOf(analysis.nameWords).at(-1);
    if (last?.synonym && wordsOf(last.text).at(-1) === typeWord) type = last;
  }
  const typeStem = typeWord ? stemOf(typeWord) : null;
  const mustFit =
    typeStem !== null &&
    (MUST_FIT.has(typeStem) || (analysis.head !== null && MUST_FIT.has(analysis.head)) || categoryWords.some((w) => MUST_FIT.has(stemOf(w))));
  return {
    analysis,
    typeWord,
    type,
    mustFit,
    fitCodes: mustFit ? fitCodesOf(title) : new Set(),
    maker: wordsOf(title)[0] ?? null,
    kindStems: kindStemsOf(title, analysis, type),
  };
}

/** The stems that say which kind of its type a title is (see {@link SourceProfile.kindStems}). */
function kindStemsOf(title: string, analysis: TitleAnalysis, type: Term | null): Set<string> {
  const typeStems = new Set([...(type?.forms.flatMap((f) => f.stems) ?? []), ...(analysis.head ? [analysis.head] : [])]);
  const maker = wordsOf(title)[0];
  const makerStem = maker ? stemOf(maker) : null;
  return new Set([...analysis.name, ...analysis.segmentHeads].filter((s) => !typeStems.has(s) && s !== makerStem));
}

/** A candidate as the judgement reads it. */
export interface CandidateText {
  title: string;
  categoryName: string | null;
  brand: string | null;
}

/** The judgement of one candidate: null when it is not a genuine alternative. */
export interface Closeness {
  /** 0–1: how close a kind of the same type it is (shared name words, category, the words before the head). */
  similarity: number;
  /** The type as both titles name it ("travel kettle" when both are travel kettles, else "kettle"). */
  typePhrase: string;
}

const sameText = (a: string | null, b: string | null) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether `candidate` is a genuine alternative to the source of `profile`, and how close:
 * - its type is the source's: the type term is its head noun, names it through a generic head, or
 *   ends a later part of its title; or, for a type that must fit, it shares a size or model code
 *   with the source and is in the same Amazon category (a "Renata 395" cell for a "Varta V395");
 * - it is not an accessory, consumable or part unless the source is one too, nor a book or disc
 *   unless the source is one;
 * - for a type that must fit, it shares a size or model code with the source (or, when the source
 *   states none, its maker: a lens for the same mount);
 * - it is in the same Amazon category, or shares a word of the name besides the type (a "mixer" for
 *   adhesive is not a stand mixer).
 * Closeness: 0.5 × the share of kind words in common (the name's and the later parts' heads, not the
 * maker's: "laser" and "duplex" for a laser printer) + 0.3 same category + 0.2 the same word before
 * the type, − 0.25 when the words before the type differ ("club hammer" for a "claw hammer",
 * "electric guitar strings" for acoustic ones), − 0.2 when one is a set and the other is not.
 */
export function judgeCandidate(profile: SourceProfile, source: CandidateText, candidate: CandidateText): Closeness | null {
  if (!profile.type || !profile.typeWord) return null;
  const analysis = analyseTitle(candidate.title);
  const sameCategory = sameText(source.categoryName, candidate.categoryName);
  const codes = profile.mustFit ? fitCodesOf(candidate.title) : new Set<string>();
  const sharesCode = [...codes].some((c) => profile.fitCodes.has(c));
  const typed = isHeadOf(analysis, profile.type) || isSegmentHeadOf(analysis, profile.type);
  if (!typed && !(sharesCode && sameCategory)) return null;
  if (analysis.accessory && !profile.analysis.accessory) return null;
  if (analysis.media && !profile.analysis.media) return null;
  if (analysis.head !== null && ACCESSORY_HEADS.has(analysis.head) && analysis.head !== profile.analysis.head && !profile.analysis.accessory)
    return null;
  if (profile.mustFit) {
    if (profile.fitCodes.size > 0 ? !sharesCode : wordsOf(candidate.title)[0] !== profile.maker) return null;
  }
  const typeStems = new Set(profile.type.forms.flatMap((f) => f.stems));
  const names = kindStemsOf(candidate.title, analysis, profile.type);
  const shared = [...names].filter((s) => profile.kindStems.has(s)).length;
  if (!sameCategory && shared === 0) return null;
  const union = new Set([...names, ...profile.kindStems]).size;
  const words = union === 0 ? 0 : shared / union;
  const mine = profile.analysis.modifiers;
  const theirs = analysis.modifiers;
  const sameModifier = mine.at(-1) !== undefined && mine.at(-1) === theirs.at(-1) && !typeStems.has(mine.at(-1) as string);
  const similarity = Math.max(
    0,
    Math.min(
      1,
      0.5 * words +
        (sameCategory ? 0.3 : 0) +
        (sameModifier ? 0.2 : 0) -
        (kindsDiffer(profile, analysis) ? 0.25 : 0) -
        (profile.analysis.isSet !== analysis.isSet ? 0.2 : 0),
    ),
  );
  const typeWords = profile.type.forms[0]?.words.join(' ') ?? profile.typeWord;
  const typePhrase = sameModifier ? `${lastWordBeforeType(candidate.title, profile)} ${typeWords}` : typeWords;
  return { similarity, typePhrase };
}

/**
 * True when the words just before the type name different kinds: at the first of the two places
 * before the head where the titles differ, each word is absent from the other's name ("club" and
 * "claw"; "electric" and "acoustic" before "guitar strings").
 */
function kindsDiffer(profile: SourceProfile, analysis: TitleAnalysis): boolean {
  const mine = profile.analysis.modifiers;
  const theirs = analysis.modifiers;
  for (let back = 1; back <= 2; back += 1) {
    const a = mine.at(-back);
    const b = theirs.at(-back);
    if (a === undefined || b === undefined) return false;
    if (a === b) continue;
    return !analysis.name.includes(a) && !profile.analysis.name.includes(b) && /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b);
  }
  return false;
}

/** The word before the type in the source's name as written ("travel" of "… Travel Kettle"). */
function lastWordBeforeType(title: string, profile: SourceProfile): string {
  const modifier = profile.analysis.modifiers.at(-1);
  const word = wordsOf(title).find((w) => stemOf(w) === modifier);
  return word ?? modifier ?? '';
}

/** Quantities a title can state, with the unit shown. */
const QUANTITIES: Array<{ pattern: RegExp; unit: string; scale?: number }> = [
  { pattern: /(\d+(?:\.\d+)?)\s*(?:l|ltr|litre|litres|liter|liters)\b/i, unit: 'L' },
  { pattern: /(\d+(?:\.\d+)?)\s*ml\b/i, unit: 'L', scale: 0.001 },
  { pattern: /(\d+)\s*-?\s*cups?\b/i, unit: 'cups' },
  { pattern: /(\d+)\s*-?\s*(?:pieces?|pcs|pc)\b/i, unit: 'pieces' },
  { pattern: /(\d+)\s*-?\s*ports?\b/i, unit: 'ports' },
  { pattern: /(\d+)\s*(?:w|watts?)\b/i, unit: 'W' },
  { pattern: /(\d+)\s*-?\s*slices?\b/i, unit: 'slices' },
  { pattern: /\bpack of (\d+)\b|(\d+)\s*-?\s*pack\b/i, unit: 'in the pack' },
];

/** The first quantity of `unit` a title states, or null. */
function quantityOf(title: string, spec: (typeof QUANTITIES)[number]): number | null {
  const match = spec.pattern.exec(title);
  const raw = match?.[1] ?? match?.[2];
  if (raw === undefined) return null;
  const value = Number(raw) * (spec.scale ?? 1);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function formatQuantity(value: number, unit: string): string {
  if (unit === 'L') return `${value.toFixed(value < 10 ? 1 : 0)} L`;
  if (unit === 'W') return `${value} W`;
  return `${value} ${unit}`;
}

/**
 * "1.0 L vs 0.9 L" (the alternative's first): the first quantity both titles state in the same unit
 * (litres, cups, pieces, ports, watts, slices, pack size) when they differ, else null.
 */
export function quantityComparison(sourceTitle: string, altTitle: string): string | null {
  for (const spec of QUANTITIES) {
    const a = quantityOf(altTitle, spec);
    const b = quantityOf(sourceTitle, spec);
    if (a === null || b === null) continue;
    if (Math.abs(a - b) < 1e-9) return null;
    return `${formatQuantity(a, spec.unit)} vs ${formatQuantity(b, spec.unit)}`;
  }
  return null;
}
