/**
 * Which products a shopper could buy instead of another (issue 28; docs/decisions/0026-search-
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
  [
    'battery',
    'batteries',
    'cell',
    'cartridge',
    'toner',
    'ink',
    'bulb',
    'lamp',
    'filter',
    'bag',
    'belt',
    'blade',
    'refill',
    'drum',
    'ribbon',
    'fuse',
    'lens',
  ].map(stemOf),
);

/** Battery and cell sizes written without digits. */
const SIZE_WORDS = new Set(['aa', 'aaa', 'aaaa', 'pp3', 'lr6', 'lr03']);

/** Words that describe rather than name ("Blue", "Electric"): never read as the type. */
const DESCRIPTIVE_WORDS = new Set([
  ...['blue', 'black', 'white', 'red', 'green', 'silver', 'grey', 'pink', 'electric', 'cordless', 'wireless', 'digital', 'portable'],
  ...['classic', 'original', 'new', 'premium', 'professional', 'heavy', 'duty', 'large', 'small', 'mini', 'compact', 'wide'],
  ...['stainless', 'steel', 'plastic', 'wooden', 'wood', 'metal', 'glass', 'aluminium', 'aluminum', 'cast', 'iron', 'rubber', 'leather'],
]);

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
  /** Up to two stems just before the type in the name ("travel" of "Travel Kettle"). */
  modifiers: string[];
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

/** Words tried as the type when the first reading names nothing else in the catalogue, besides it. */
export const MAX_TYPE_READINGS = 3;

/**
 * The words that may name the source's type, most likely first: a head of the title that Amazon's
 * category name also names ("Headphones" of "Sennheiser HD 600 Audiophile Quality, Open Hi-Fi stereo
 * Headphones" in Headphones & Earphones; "Printer" of "OKI B4350N - Printer - B/W" in Computer
 * Printers); for a name that is only a maker and a model ("Loctite Precision, … Liquid Adhesive …"),
 * the head of the next part; else the name's most specific head ("toner" of "Toner Cartridge");
 * then the name's words before it ("kettle" of "… Electric Kettle 1.7 Litre Blue Illumination"),
 * then the later parts' heads; never the title's first word (the maker: "KONG - Puppy Toy"). At most
 * {@link MAX_TYPE_READINGS}.
 */
export function typeReadingsOf(title: string, categoryName: string | null = null): string[] {
  const analysis = analyseTitle(title);
  const category = new Set(wordsOf(categoryName ?? '').map(stemOf));
  const named = [...analysis.headWords, ...analysis.segmentHeadWords].find((w) => category.has(stemOf(w)));
  const bare = analysis.nameWords.filter((w) => !SMALL_WORDS.has(w)).length <= BARE_NAME_WORDS;
  const generic = analysis.head !== null && GENERIC_HEADS.has(analysis.head) && analysis.heads.length > 1;
  const own = (generic ? analysis.headWords[1] : analysis.headWords[0]) ?? null;
  const first = named ?? (bare ? (analysis.segmentHeadWords[0] ?? own) : own);
  const before = analysis.nameWords
    .slice(0, -1)
    .reverse()
    .filter((w) => w.length > 2 && !SMALL_WORDS.has(w) && !DESCRIPTIVE_WORDS.has(w));
  const maker = wordsOf(title)[0];
  const readings = [first, own, ...before.slice(0, 2), ...analysis.segmentHeadWords].filter((w): w is string => !!w && w !== maker);
  return [...new Set(readings)].slice(0, MAX_TYPE_READINGS);
}

/**
 * The source's profile with `typeWord` as its type (default: the first of {@link typeReadingsOf}).
 * A synonym phrase that ends the name with that word names the type more exactly ("frying pan",
 * "ball pen", "vacuum cleaner").
 */
export function profileOf(
  title: string,
  categoryName: string | null = null,
  typeWord: string | null = typeReadingsOf(title, categoryName)[0] ?? null,
): SourceProfile {
  const analysis = analyseTitle(title);
  const categoryWords = wordsOf(categoryName ?? '');
  let type = typeWord ? (termsOf([typeWord])[0] ?? null) : null;
  const at = typeWord === null ? -1 : analysis.nameWords.lastIndexOf(typeWord);
  if (at > 0) {
    const last = termsOf(analysis.nameWords.slice(0, at + 1)).at(-1);
    if (last?.synonym && wordsOf(last.text).at(-1) === typeWord) type = last;
  }
  const typeStem = typeWord ? stemOf(typeWord) : null;
  const mustFit =
    typeStem !== null &&
    (MUST_FIT.has(typeStem) ||
      (analysis.head !== null && MUST_FIT.has(analysis.head)) ||
      categoryWords.some((w) => MUST_FIT.has(stemOf(w))));
  return {
    analysis,
    typeWord,
    type,
    mustFit,
    fitCodes: mustFit ? fitCodesOf(title) : new Set(),
    maker: wordsOf(title)[0] ?? null,
    kindStems: kindStemsOf(title, analysis, type),
    modifiers: type ? modifiersOf(analysis, type) : [],
  };
}

/** Up to two stems of the name just before where `type` ends in it (the whole name's last two before its head when it is not there). */
function modifiersOf(analysis: TitleAnalysis, type: Term): string[] {
  const stems = new Set(type.forms.map((f) => f.stems[f.stems.length - 1] as string));
  for (let i = analysis.name.length - 1; i >= 0; i -= 1) {
    if (!stems.has(analysis.name[i] as string)) continue;
    const form = type.forms.find((f) => f.stems[f.stems.length - 1] === analysis.name[i]);
    const start = i + 1 - (form?.stems.length ?? 1);
    return analysis.name.slice(Math.max(0, start - 2), Math.max(0, start));
  }
  return analysis.modifiers;
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
 * - its type is the source's: the type term is its head noun, names it through a generic head, ends
 *   a later part of its title, or stands just before a head that is no type in `poolTypes` ("…
 *   Kettle Steel Trim"); or, for a type that must fit, it shares a size or model code
 *   with the source and is in the same Amazon category (a "Renata 395" cell for a "Varta V395");
 * - it is not an accessory, consumable or part unless the source is one too, nor a book or disc
 *   unless the source is one;
 * - for a type that must fit, it shares a size or model code with the source (or, when the source
 *   states none, its maker: a lens for the same mount);
 * - it is in the same Amazon category, or shares a word of the name besides the type (a "mixer" for
 *   adhesive is not a stand mixer), when both category names are known.
 * Closeness: 0.5 × the share of kind words in common (the name's and the later parts' heads, not the
 * maker's: "laser" and "duplex" for a laser printer) + 0.3 same category + 0.2 the same word before
 * the type, − 0.25 when the words before the type differ ("club hammer" for a "claw hammer",
 * "electric guitar strings" for acoustic ones), − 0.2 when one is a set and the other is not.
 */
export function judgeCandidate(
  profile: SourceProfile,
  source: CandidateText,
  candidate: CandidateText,
  poolTypes: ReadonlySet<string> = new Set(),
): Closeness | null {
  if (!profile.type || !profile.typeWord) return null;
  const analysis = analyseTitle(candidate.title);
  const sameCategory = sameText(source.categoryName, candidate.categoryName);
  const codes = profile.mustFit ? fitCodesOf(candidate.title) : new Set<string>();
  const sharesCode = [...codes].some((c) => profile.fitCodes.has(c));
  const typed =
    isHeadOf(analysis, profile.type) || isSegmentHeadOf(analysis, profile.type) || namedBeforeHead(analysis, profile.type, poolTypes);
  if (!typed && !(sharesCode && sameCategory)) return null;
  if (analysis.accessory && !profile.analysis.accessory) return null;
  if (analysis.media && !profile.analysis.media) return null;
  if (
    analysis.head !== null &&
    ACCESSORY_HEADS.has(analysis.head) &&
    analysis.head !== profile.analysis.head &&
    !profile.analysis.accessory
  )
    return null;
  if (profile.mustFit) {
    if (profile.fitCodes.size > 0 ? !sharesCode : wordsOf(candidate.title)[0] !== profile.maker) return null;
  }
  const typeStems = new Set(profile.type.forms.flatMap((f) => f.stems));
  const names = kindStemsOf(candidate.title, analysis, profile.type);
  const shared = [...names].filter((s) => profile.kindStems.has(s)).length;
  const categoriesKnown = !!source.categoryName && !!candidate.categoryName;
  if (categoriesKnown && !sameCategory && shared === 0) return null;
  const union = new Set([...names, ...profile.kindStems]).size;
  const words = union === 0 ? 0 : shared / union;
  const mine = profile.modifiers;
  const theirs = modifiersOf(analysis, profile.type);
  const sameModifier = mine.at(-1) !== undefined && mine.at(-1) === theirs.at(-1) && !typeStems.has(mine.at(-1) as string);
  const similarity = Math.max(
    0,
    Math.min(
      1,
      0.5 * words +
        (sameCategory ? 0.3 : 0) +
        (sameModifier ? 0.2 : 0) -
        (kindsDiffer(profile, analysis, theirs) ? 0.25 : 0) -
        (profile.analysis.isSet !== analysis.isSet ? 0.2 : 0),
    ),
  );
  const typeWords = profile.type.forms[0]?.words.join(' ') ?? profile.typeWord;
  const typePhrase = sameModifier ? `${lastWordBeforeType(candidate.title, profile)} ${typeWords}` : typeWords;
  return { similarity, typePhrase };
}

/**
 * True when the title's head is no type (no other product of the pool has it as its head: "… Kettle
 * Steel Trim", "… Kettle 1.7 Litre Blue Illumination") and the type is one of the two name words
 * before it.
 */
function namedBeforeHead(analysis: TitleAnalysis, type: Term, poolTypes: ReadonlySet<string>): boolean {
  if (analysis.head === null || poolTypes.has(analysis.head)) return false;
  const before = analysis.name.slice(-3, -1);
  return type.forms.some((f) => f.stems.length === 1 && before.includes(f.stems[0] as string));
}

/**
 * The stems that are types in a pool of titles: heads of at least two of them ("barbecue" of
 * several barbecues, so a "Kettle Charcoal Barbecue" stays a barbecue).
 */
export function poolTypesOf(titles: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const head = analyseTitle(title).head;
    if (head !== null) counts.set(head, (counts.get(head) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([head]) => head));
}

/**
 * True when the words just before the type name different kinds: at the first of the two places
 * before the head where the titles differ, each word is absent from the other's name ("club" and
 * "claw"; "electric" and "acoustic" before "guitar strings"), and neither is one of its title's
 * first two words (the maker and the model: "Morphy Richards", "Dualit Architect").
 */
function kindsDiffer(profile: SourceProfile, analysis: TitleAnalysis, theirs: readonly string[]): boolean {
  const mine = profile.modifiers;
  for (let back = 1; back <= 2; back += 1) {
    const a = mine.at(-back);
    const b = theirs.at(-back);
    if (a === undefined || b === undefined) return false;
    if (a === b) continue;
    // The first two words of a title are mostly the maker and the model ("Morphy Richards", "Dualit Architect").
    if (profile.analysis.stems.slice(0, 2).includes(a) || analysis.stems.slice(0, 2).includes(b)) return false;
    return !analysis.name.includes(a) && !profile.analysis.name.includes(b) && /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b);
  }
  return false;
}

/** The word before the type in the source's name as written ("travel" of "… Travel Kettle"). */
function lastWordBeforeType(title: string, profile: SourceProfile): string {
  const modifier = profile.modifiers.at(-1);
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
