/**
 * Shopper text, read as a shopper means it (issue 28; docs/decisions/0026-search-relevance.md): the
 * pure word rules that search and cheaper alternatives share. No I/O.
 *
 * - {@link foldText} / {@link wordsOf} / {@link stemOf}: lower case without accents, words of
 *   letters and digits, and their Porter2 stems (wink-porter2-stemmer: the Snowball English stemmer
 *   PostgreSQL's `english` configuration uses, so a stem here is the lexeme the database stores).
 * - {@link termsOf}: a shopper's words as terms: British/American spellings and the synonym table
 *   of {@link SYNONYM_GROUPS} / {@link SYNONYM_EXPANSIONS} (hoover → vacuum cleaner, trainers →
 *   sneakers), every form a sequence of stems.
 * - {@link analyseTitle}: what a product *is* from its title: its head noun ("Travel Kettle with 2
 *   cups" → kettle; "Kettle Charcoal Barbecue" → barbecue), the words just before it, and whether
 *   it is an accessory, consumable or spare part of something else ("Descaler", "Replacement Bags
 *   for …", "Toner Cartridge").
 */
import stem from 'wink-porter2-stemmer';

/**
 * `text` in lower case, accents removed (NFKD: "Cafetière" → "cafetiere"), "&" as "and",
 * apostrophes dropped ("men's" → "mens"); everything else kept for {@link wordsOf} to split.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´]/g, '');
}

/** The words of `text` (runs of a–z and 0–9 after {@link foldText}), in order. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[a-z0-9]+/g) ?? [];
}

/** Plurals Porter2 leaves apart from their singular (it stems "lens" to "len" but "lenses" to "lens"). */
const IRREGULAR: Record<string, string> = {
  lenses: 'lens',
  knives: 'knife',
  wives: 'wife',
  shelves: 'shelf',
  halves: 'half',
  leaves: 'leaf',
  loaves: 'loaf',
  wolves: 'wolf',
  calves: 'calf',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
};

/** Stems of words seen lately (at most {@link STEMS_MAX}; emptied when full). A word's stem never changes. */
const stems = new Map<string, string>();
const STEMS_MAX = 50_000;

/**
 * The Porter2 stem of one word of {@link wordsOf} (irregular plurals first). Never throws. Remembered:
 * a search re-ranks 100 titles (search-rank.ts RERANK_WINDOW), whose words repeat, and
 * stemming was a sixth of the app's CPU time per uncached search (a profile at 100k products).
 */
export function stemOf(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  const singular = IRREGULAR[word] ?? word;
  const stemmed = /^[a-z]+$/.test(singular) ? stem(singular) : singular;
  if (stems.size >= STEMS_MAX) stems.clear();
  stems.set(word, stemmed);
  return stemmed;
}

/** Words that carry no product meaning in a query: PostgreSQL's English stop words and shopping chatter. */
const QUERY_NOISE = new Set([
  'a',
  'an',
  'the',
  'and',
  'for',
  'with',
  'of',
  'in',
  'on',
  'to',
  'my',
  'by',
  'from',
  'best',
  'cheap',
  'cheapest',
  'deal',
  'deals',
  'offer',
  'offers',
  'sale',
  'buy',
  'discount',
  'discounted',
  'uk',
]);

/**
 * Words that describe a product rather than name its type (colours, who it is for, size, power):
 * never a query's head noun while another word can be ("kettle black" is a kettle, "dyson cordless"
 * a Dyson).
 */
const DESCRIPTIVE = new Set([
  'black',
  'white',
  'red',
  'blue',
  'green',
  'grey',
  'gray',
  'silver',
  'gold',
  'pink',
  'purple',
  'orange',
  'yellow',
  'brown',
  'navy',
  'beige',
  'cream',
  'clear',
  'chrome',
  'matte',
  'matt',
  'men',
  'mens',
  'man',
  'women',
  'womens',
  'woman',
  'ladies',
  'lady',
  'kids',
  'kid',
  'children',
  'childrens',
  'boys',
  'girls',
  'unisex',
  'adult',
  'adults',
  'junior',
  'small',
  'medium',
  'large',
  'xl',
  'xxl',
  'mini',
  'big',
  'compact',
  'cordless',
  'wireless',
  'electric',
  'portable',
  'digital',
  'rechargeable',
  'waterproof',
  'bluetooth',
  'new',
  'original',
  'genuine',
  'official',
]);

/** Words that close a title's name without being its type ("… Kettle Matte", "… Level, Multi"). */
const TITLE_TAIL_NOISE = new Set([
  ...DESCRIPTIVE,
  'std',
  'standard',
  'version',
  'edition',
  'model',
  'style',
  'type',
  'size',
  'colour',
  'color',
  'finish',
  'stainless',
  'steel',
  'uk',
  'eu',
  'us',
  'plug',
  'boxed',
  'carded',
  'blister',
  'renewed',
  'bulk',
  'oem',
  'multi',
  'assorted',
  'various',
  'pack',
  'packs',
  'set',
  'sets',
  'kit',
  'bundle',
  'pcs',
  'pc',
  'piece',
  'pieces',
  'pair',
  'pairs',
  'x',
  'count',
  'ct',
  'inch',
  'inches',
  'in',
  'mm',
  'cm',
  'm',
  'ft',
  'l',
  'ltr',
  'litre',
  'litres',
  'ml',
  'kg',
  'g',
  'oz',
  'lb',
  'lbs',
  'w',
  'v',
  'mah',
  'perfect',
  'ideal',
  'great',
  'suitable',
  'compatible',
  'pce',
  'pces',
]);

/** Words that, after a number, count or measure ("2 Slice", "3 Vial", "1000 Piece", "8 Cup", "4 Port"), not name the type. */
const COUNT_NOUNS = new Set([
  'slice',
  'slices',
  'vial',
  'vials',
  'piece',
  'pieces',
  'pce',
  'pcs',
  'pc',
  'cup',
  'cups',
  'port',
  'ports',
  'pin',
  'pins',
  'way',
  'ways',
  'pack',
  'ply',
  'sheet',
  'sheets',
  'page',
  'pages',
  'speed',
  'speeds',
  'gang',
  'tier',
  'tiers',
  'drawer',
  'drawers',
  'hole',
  'holes',
  'person',
  'seater',
  'litre',
  'liter',
  'inch',
  'watt',
  'volt',
  'bar',
  'channel',
  'channels',
  'button',
  'buttons',
  'key',
  'keys',
  'bit',
  'bits',
  'colour',
  'colours',
  'color',
  'colors',
  'count',
  'pair',
  'pairs',
  'year',
  'years',
  'month',
  'months',
  'exp',
  'shot',
  'shots',
  'cell',
  'string',
  'strings',
  'egg',
  'eggs',
  'blade',
  'blades',
  'in',
]);

/** Words followed by "of" and the type ("Set of … Bands", "Pack of 3 Sponges"). */
const OF_CONTAINERS = new Set(['set', 'pack', 'kit', 'box', 'bundle', 'pair', 'case', 'bag', 'tub', 'tin', 'lot']);

/** Shortenings titles use for a word of the name ("Ergo Adj Wrench"). */
const ABBREVIATIONS: Record<string, string> = { adj: 'adjustable' };

/** Words after which a title's name is complete ("… Barbell Set 4x 1.75kg …"). */
const CONTAINERS = new Set(['set', 'sets', 'kit', 'kits']);

/** Number words, read as numbers ("Pack two belts"). */
const NUMBER_WORDS = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'eight', 'ten', 'twelve', 'twin', 'double', 'triple', 'dozen']);

/**
 * Head nouns of accessories, consumables and spare parts: a product whose type is one of these is
 * not the product it serves (a descaler is not a kettle, toner is not a printer, ear tips are not
 * headphones), unless the shopper asked for that very type.
 */
export const ACCESSORY_HEADS = new Set(
  [
    'accessory',
    'adapter',
    'adaptor',
    'bag',
    'basket',
    'beaker',
    'beater',
    'belt',
    'bit',
    'blade',
    'bracket',
    'bulb',
    'cable',
    'cage',
    'cap',
    'cartridge',
    'case',
    'charger',
    'clamp',
    'clip',
    'cloth',
    'collar',
    'cover',
    'descaler',
    'drum',
    'eyepiece',
    'filter',
    'fluid',
    'grate',
    'guard',
    'holder',
    'holster',
    'hook',
    'hose',
    'ink',
    'jug',
    'lead',
    'lid',
    'liner',
    'mesh',
    'mount',
    'oil',
    'pad',
    'paper',
    'part',
    'plate',
    'pouch',
    'protector',
    'refill',
    'remover',
    'ribbon',
    'screw',
    'sheath',
    'skin',
    'sleeve',
    'spare',
    'splitter',
    'strap',
    'string',
    'tablet',
    'tip',
    'toner',
    'tray',
    'tube',
    'wipe',
  ].map(stemOf),
);

/**
 * Head nouns that say how a product comes, not what it is: in "Toner Cartridge", "Dumbbell Set" or
 * "Espresso Machine" the word before also names the type.
 */
export const GENERIC_HEADS = new Set(
  ['cartridge', 'set', 'kit', 'pack', 'bundle', 'refill', 'bottle', 'system', 'unit', 'machine', 'maker'].map(stemOf),
);

/** Words that make a title an accessory, consumable or part wherever they stand ("…, Spare Parts"). */
const ANYWHERE_MARKERS = new Set(['replacement', 'spare', 'refill'].map(stemOf));

/** Words that make any title an accessory, consumable or part ("Replacement Glass Jug", "Kettle Descaler Ball"). */
const ACCESSORY_MARKERS = new Set(
  ['replacement', 'spare', 'refill', 'descaler', 'descaling', 'cleaning', 'compatible', 'accessory', 'accessories'].map(stemOf),
);

// ---------------------------------------------------------------------------------------------
// Spellings and synonyms

/** British words whose American spelling drops the u ("colour" → "color"), by their start. */
const OUR_WORDS = [
  'colour',
  'flavour',
  'harbour',
  'odour',
  'armour',
  'humour',
  'vapour',
  'honour',
  'labour',
  'behaviour',
  'neighbour',
  'favour',
  'rumour',
  'parlour',
  'savour',
  'arbour',
  'saviour',
];
/** British words ending in -re whose American spelling ends in -er ("centre" → "center"). */
const RE_WORDS = ['centre', 'litre', 'metre', 'fibre', 'theatre', 'calibre', 'sabre', 'spectre', 'lustre', 'meagre', 'sombre'];
/** Other British/American pairs, both ways. */
const SPELLING_PAIRS: Array<[string, string]> = [
  ['aluminium', 'aluminum'],
  ['grey', 'gray'],
  ['tyre', 'tire'],
  ['tyres', 'tires'],
  ['mould', 'mold'],
  ['pyjamas', 'pajamas'],
  ['jewellery', 'jewelry'],
  ['sulphur', 'sulfur'],
  ['plough', 'plow'],
  ['programme', 'program'],
  ['catalogue', 'catalog'],
  ['analogue', 'analog'],
  ['dialogue', 'dialog'],
  ['cosy', 'cozy'],
  ['moustache', 'mustache'],
  ['licence', 'license'],
  ['defence', 'defense'],
  ['practise', 'practice'],
  ['draught', 'draft'],
  ['mum', 'mom'],
  ['adj', 'adjustable'],
];
const PAIR_OF = new Map<string, string>(SPELLING_PAIRS.flatMap(([a, b]) => [[a, b] as [string, string], [b, a] as [string, string]]));

/**
 * The other spellings of one word (British ↔ American: colour/color, moisturiser/moisturizer,
 * centre/center, travelling/traveling, aluminium/aluminum…), without the word itself. A variant
 * that no product uses costs nothing: it only widens an OR.
 */
export function spellingVariants(word: string): string[] {
  const out = new Set<string>();
  const pair = PAIR_OF.get(word);
  if (pair) out.add(pair);
  for (const our of OUR_WORDS) {
    if (word.startsWith(our)) out.add(our.replace(/our$/, 'or') + word.slice(our.length));
    const us = our.replace(/our$/, 'or');
    if (word.startsWith(us) && !word.startsWith(our)) out.add(our + word.slice(us.length));
  }
  for (const re of RE_WORDS) {
    const er = re.replace(/re$/, 'er');
    if (word === re || word === `${re}s`) out.add(word.replace(re, er));
    if (word === er || word === `${er}s`) out.add(word.replace(er, re));
  }
  // -ise / -ize and their forms (moisturiser, organising, sanitisation).
  const ise = /^(.{3,})is(e|es|ed|er|ers|ing|ation|ations)$/.exec(word);
  if (ise) out.add(`${ise[1]}iz${ise[2]}`);
  const ize = /^(.{3,})iz(e|es|ed|er|ers|ing|ation|ations)$/.exec(word);
  if (ize) out.add(`${ize[1]}is${ize[2]}`);
  // travelling / traveling, cancelling / canceling.
  const ll = /^(.{3,}[aeiou])ll(ing|ed|er|ers)$/.exec(word);
  if (ll) out.add(`${ll[1]}l${ll[2]}`);
  const l = /^(.{3,}[aeiou])l(ing|ed|er|ers)$/.exec(word);
  if (l && !/ll(ing|ed|er|ers)$/.test(word)) out.add(`${l[1]}ll${l[2]}`);
  out.delete(word);
  return [...out];
}

/**
 * Words and phrases that name the same product type, each group read both ways: British and
 * American words (trainers/sneakers, torch/flashlight, mobile/cell phone, spanner/wrench, nappy/
 * diaper), brand names used for the type (hoover), common shortenings (bbq, sup, mic). Spelling-only
 * differences (colour/color) are {@link spellingVariants}'.
 */
export const SYNONYM_GROUPS: readonly string[][] = [
  ['hoover', 'vacuum cleaner', 'vacuum'],
  ['trainers', 'sneakers'],
  ['torch', 'flashlight'],
  ['mobile phone', 'cell phone', 'cellphone', 'mobile'],
  ['spanner', 'wrench'],
  ['cafetiere', 'french press', 'coffee press', 'plunger coffee maker'],
  ['nappy', 'diaper'],
  ['dummy', 'pacifier', 'soother'],
  ['pram', 'stroller', 'pushchair', 'buggy'],
  ['cot', 'crib'],
  ['jumper', 'sweater', 'pullover'],
  ['bin', 'trash can', 'rubbish bin', 'waste bin', 'garbage can'],
  ['tap', 'faucet'],
  ['hob', 'cooktop'],
  ['fridge', 'refrigerator'],
  ['tumble dryer', 'clothes dryer'],
  ['washing machine', 'washer'],
  ['flannel', 'washcloth', 'face cloth'],
  ['duvet', 'comforter', 'quilt'],
  ['rucksack', 'backpack'],
  ['holdall', 'duffel bag', 'duffle bag'],
  ['sat nav', 'satnav', 'gps'],
  ['telly', 'television', 'tv'],
  ['kitchen roll', 'paper towel'],
  ['cling film', 'plastic wrap', 'food wrap'],
  ['tin foil', 'aluminium foil', 'kitchen foil'],
  ['loo roll', 'toilet roll', 'toilet paper', 'toilet tissue'],
  ['washing up liquid', 'dish soap', 'washing liquid'],
  ['sellotape', 'sticky tape', 'clear tape'],
  ['biro', 'ballpoint pen', 'ballpoint', 'ball pen', 'ball point pen'],
  ['rubber', 'eraser'],
  ['felt tip', 'felt pen', 'marker pen'],
  ['courgette', 'zucchini'],
  ['aubergine', 'eggplant'],
  ['coriander', 'cilantro'],
  ['earbuds', 'earphones', 'in ear headphones', 'ear buds'],
  ['bbq', 'barbecue', 'barbeque'],
  ['microphone', 'mic'],
  ['paddle board', 'paddleboard', 'sup board', 'sup'],
  ['dumbbell', 'dumb bell'],
  ['jigsaw', 'jigsaw puzzle'],
  ['resistance band', 'exercise band', 'resistance tube', 'loop band', 'fitness band'],
  ['network', 'ethernet'],
  ['moisturiser', 'moisturising cream', 'moisturising lotion', 'moisturising'],
  ['super glue', 'superglue', 'instant glue', 'instant adhesive'],
  ['glue', 'adhesive'],
  ['watch battery', 'watch cell', 'button cell', 'coin cell'],
  ['stanley knife', 'utility knife', 'trimming knife', 'trim knife', 'snap off knife', 'retractable knife', 'craft knife'],
  ['colouring pencils', 'coloured pencils', 'colour pencils', 'pencil crayons'],
  ['frying pan', 'fry pan', 'skillet'],
  ['perfume', 'eau de parfum', 'eau de toilette', 'fragrance', 'cologne', 'parfum'],
  ['laptop', 'notebook computer'],
  // Closed and open compounds.
  ['teapot', 'tea pot'],
  ['sunglasses', 'sun glasses'],
  ['toothbrush', 'tooth brush'],
  ['screwdriver', 'screw driver'],
  ['keyring', 'key ring'],
  ['backpack', 'back pack'],
  ['wheelbarrow', 'wheel barrow'],
  ['chopping board', 'cutting board'],
];

/**
 * One-way expansions: a general word and the kinds of product it covers ("coffee machine" finds
 * coffee makers, cafetières and moka pots; a cafetière is not every coffee machine).
 */
export const SYNONYM_EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  'coffee machine': [
    'coffee maker',
    'espresso machine',
    'espresso maker',
    'cafetiere',
    'french press',
    'moka',
    'percolator',
    'coffee brewer',
    'pour over',
  ],
  'coffee maker': ['espresso maker', 'cafetiere', 'french press', 'moka', 'percolator', 'pour over'],
  'mobile phone': ['smartphone'],
  speakers: ['loudspeaker', 'speaker system'],
};

/** A form of a term: its words and their stems, in order (a phrase when more than one). */
export interface Form {
  readonly words: readonly string[];
  readonly stems: readonly string[];
}

const formOf = (words: readonly string[]): Form => ({ words, stems: words.map(stemOf) });

/** One thing the shopper asked for: the words as typed and every form that names it. */
export interface Term {
  /** The words as the shopper typed them (folded), e.g. "hoover". */
  text: string;
  /** Word sequences (with their stems) that mean it, the typed one first: hoover, vacuum cleaner, vacuum. */
  forms: Form[];
  /** True when it came from a synonym entry (then its words are not split apart). */
  synonym: boolean;
  /** True when its typed word is read as the start of a word ("headph"; search-recovery.ts). */
  prefix?: boolean;
}

const keyOf = (words: readonly string[]) => words.map(stemOf).join(' ');

/** Synonym entries by the stems of their words ("trainer" for "trainers" and "trainer"). */
const SYNONYMS_BY_KEY: Map<string, string[]> = (() => {
  const byKey = new Map<string, Set<string>>();
  const add = (from: string, to: readonly string[]) => {
    const key = keyOf(wordsOf(from));
    const set = byKey.get(key) ?? new Set<string>();
    for (const t of to) set.add(t);
    byKey.set(key, set);
  };
  for (const group of SYNONYM_GROUPS) for (const term of group) add(term, group);
  for (const [from, to] of Object.entries(SYNONYM_EXPANSIONS)) add(from, [from, ...to]);
  return new Map([...byKey].map(([k, v]) => [k, [...v]]));
})();

/** The longest synonym entry is this many words. */
const LONGEST_SYNONYM = Math.max(...[...SYNONYMS_BY_KEY.keys()].map((k) => k.split(' ').length));

/** The forms of a word or phrase as typed: itself, its singular/plural and its spellings. */
function formsOfWords(words: readonly string[]): Form[] {
  const forms: Form[] = [formOf(words)];
  const last = words[words.length - 1] as string;
  const head = words.slice(0, -1);
  // Porter2 leaves some plurals apart ("lens" → "len", "lenses" → "lens"): add the other number.
  const others = last.endsWith('es')
    ? [last.slice(0, -2), last.slice(0, -1)]
    : last.endsWith('s')
      ? [last.slice(0, -1), `${last}es`]
      : /(s|x|z|ch|sh)$/.test(last)
        ? [`${last}es`]
        : [`${last}s`];
  for (const other of others) if (other.length > 2 && !/\d/.test(other)) forms.push(formOf([...head, other]));
  words.forEach((w, i) => {
    for (const variant of spellingVariants(w)) forms.push(formOf(words.map((x, j) => (j === i ? variant : x))));
  });
  return dedupeForms(forms);
}

/**
 * `forms` without repeats and without empty ones. Repeats are judged by PostgreSQL's stems (plain
 * Porter2, without {@link IRREGULAR}): "kettle" and "kettles" are one, "lens" ("len") and "lenses"
 * ("lens") two, so the database finds both.
 */
function dedupeForms(forms: Form[]): Form[] {
  const seen = new Set<string>();
  return forms.filter((f) => {
    const k = f.words.map((w) => (/^[a-z]+$/.test(w) ? stem(w) : w)).join(' ');
    if (f.stems.length === 0 || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The terms of a run of plain words (no quotes or operators): the longest synonym entries first
 * (greedy, left to right), every other word its own term. Query noise ("best", "the", "for") is
 * dropped unless nothing else is left.
 */
export function termsOf(words: readonly string[]): Term[] {
  const kept = words.filter((w) => !QUERY_NOISE.has(w));
  const list = kept.length > 0 ? kept : [...words];
  const terms: Term[] = [];
  for (let i = 0; i < list.length;) {
    let matched = false;
    for (let n = Math.min(LONGEST_SYNONYM, list.length - i); n >= 1; n -= 1) {
      const slice = list.slice(i, i + n);
      const entry = SYNONYMS_BY_KEY.get(keyOf(slice));
      if (!entry) continue;
      const forms = dedupeForms([...formsOfWords(slice), ...entry.flatMap((t) => formsOfWords(wordsOf(t)))]);
      terms.push({ text: slice.join(' '), forms, synonym: true });
      i += n;
      matched = true;
      break;
    }
    if (!matched) {
      const word = list[i] as string;
      terms.push({ text: word, forms: formsOfWords([word]), synonym: false });
      i += 1;
    }
  }
  return terms;
}

/**
 * Which term names the product type: the last one that is not only descriptive (a colour, who it
 * is for, size, power: "kettle black" → kettle, "nike trainers mens" → trainers), or the last one.
 * -1 for no terms.
 */
export function headTermIndex(terms: readonly Term[]): number {
  for (let i = terms.length - 1; i >= 0; i -= 1) {
    const t = terms[i] as Term;
    const words = t.text.split(' ');
    const last = words[words.length - 1] as string;
    if (t.synonym || (!DESCRIPTIVE.has(last) && !/\d/.test(last) && !NUMBER_WORDS.has(last))) return i;
  }
  return terms.length - 1;
}

/** True when `forms` asks for an accessory, consumable or part (then accessories are not pushed down). */
export function asksForAccessory(term: Term): boolean {
  return term.forms.some(
    (f) => ACCESSORY_HEADS.has(f.stems[f.stems.length - 1] as string) || f.stems.some((s) => ACCESSORY_MARKERS.has(s)),
  );
}

// ---------------------------------------------------------------------------------------------
// What a product is

/** What a title says the product is. Words are stems. */
export interface TitleAnalysis {
  /** Stems of every word of the title, in order. */
  stems: string[];
  /** Stems of the name (the title before its first separator or "for"/"with"), noise dropped. */
  name: string[];
  /** The words of `name` as written (lower case). */
  nameWords: string[];
  /** The product type's head noun (the name's last word), or null when none is left. */
  head: string | null;
  /**
   * Every word that names the type: the head, the word before a generic head ("toner" of "Toner
   * Cartridge") and the other noun of a closing pair ("dumbbell" of "Dumbbell & Barbell").
   */
  heads: string[];
  /** The words of `heads` as written (lower case), for a tsquery that stems them again. */
  headWords: string[];
  /** Last words of the next parts of the title (before any "for …"): weaker names of the type ("Printer" of "HP LaserJet 4200 - Printer - B/W"). */
  segmentHeads: string[];
  /** The words of `segmentHeads` as written. */
  segmentHeadWords: string[];
  /** Up to two words before the head ("travel" for a travel kettle). */
  modifiers: string[];
  /** Stems after "for" / "compatible with" / "fits": what the product serves. */
  targets: string[];
  /** True for an accessory, consumable or spare part (by its head noun or a marker word). */
  accessory: boolean;
  /** True when the name is a set, kit or pack ("Socket Set", "5 Pce BBQ Set"). */
  isSet: boolean;
  /** True for a book, disc or printed music (by a head noun such as "Guide", "DVD", "Hits"). */
  media: boolean;
}

/** Where a title's name ends: a separator, or a word that starts a complement. */
const NAME_END = /,|;|\||:|\s[-–—/+]\s|\s(?:for|with|compatible|suitable|fits|to fit|including|incl|inc|featuring)\s/;
const TARGET_START = /\s(?:for|compatible with|fits|to fit|suitable for)\s/g;

/**
 * Reads a product title (and nothing else) for its type: the name is the text before the first
 * comma, semicolon, bar, colon, spaced dash or "for"/"with"/"compatible…", bracketed parts removed;
 * in it, words with digits (model numbers, sizes), a word right after a number ("2 Slice", "3 Vial",
 * "1000 Piece"), units and closing noise (colours, "Matte", "Set", "Pack") are dropped; the last
 * word left is the head. Never throws; an empty title answers an empty analysis.
 */
export function analyseTitle(title: string): TitleAnalysis {
  const known = analysed.get(title);
  if (known) return known;
  const analysis = analyseTitleNow(title);
  // A bounded memo: searches and alternatives read the same catalogue's titles again and again.
  if (analysed.size >= ANALYSED_MAX) analysed.clear();
  analysed.set(title, analysis);
  return analysis;
}

/** Titles analysed lately (at most {@link ANALYSED_MAX}; emptied when full). Analyses are never changed once made. */
const analysed = new Map<string, TitleAnalysis>();
export const ANALYSED_MAX = 20_000;

function analyseTitleNow(title: string): TitleAnalysis {
  const folded = ` ${foldText(title)
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const stems = (folded.match(/[a-z0-9]+/g) ?? []).map(stemOf);
  const end = NAME_END.exec(folded.slice(1));
  const namePart = end && end.index > 0 ? folded.slice(0, end.index + 1) : folded;
  const name = nameWords(namePart);
  const nameStems = name.map(stemOf);
  const head = nameStems.length > 0 ? (nameStems[nameStems.length - 1] as string) : null;
  const heads = head === null ? [] : [head];
  const headWords = head === null ? [] : [name[name.length - 1] as string];
  const before = nameStems[nameStems.length - 2];
  if (head !== null && before !== undefined && GENERIC_HEADS.has(head) && before !== 'and') {
    heads.push(before);
    headWords.push(name[name.length - 2] as string);
  }
  if (before === 'and' && nameStems.length >= 3) {
    heads.push(nameStems[nameStems.length - 3] as string);
    headWords.push(name[name.length - 3] as string);
  }
  // The heads of the next few parts ("HP LaserJet 4200 - Printer - B/W", "…Audiophile Quality, Open
  // Hi-Fi stereo Headphones"), up to the first "for"/"compatible…" (what it serves is not what it is).
  const rest = folded.slice(namePart.length).split(TARGET_START)[0] ?? '';
  const segmentHeads: string[] = [];
  const segmentHeadWords: string[] = [];
  for (const part of rest.split(SEGMENT).slice(0, MAX_SEGMENTS)) {
    const words = nameWords(` ${part.split(COMPLEMENT)[0] ?? ''} `);
    const last = words[words.length - 1];
    if (last === undefined || words.length > MAX_SEGMENT_WORDS) continue;
    segmentHeads.push(stemOf(last));
    segmentHeadWords.push(last);
  }
  const targets: string[] = [];
  for (const match of folded.matchAll(TARGET_START)) {
    const after = folded.slice((match.index ?? 0) + match[0].length).match(/[a-z0-9]+/g) ?? [];
    targets.push(...after.slice(0, 8).map(stemOf));
  }
  const accessory =
    (head !== null && ACCESSORY_HEADS.has(head)) ||
    nameStems.some((s) => ACCESSORY_MARKERS.has(s)) ||
    stems.some((s) => ANYWHERE_MARKERS.has(s));
  const media =
    [head, ...segmentHeads].some((h) => h !== null && MEDIA_HEADS.has(h)) ||
    /\b(?:dvd|cd|vol)\b/.test(namePart) ||
    /\b(?:book|books|guide|handbook|songbook|paperback|hardback|audiobook)\b/.test(folded);
  return {
    isSet: isSetName(namePart),
    media,
    stems,
    name: nameStems,
    nameWords: name,
    head,
    heads,
    headWords,
    segmentHeads,
    segmentHeadWords,
    modifiers: nameStems.slice(-3, -1),
    targets,
    accessory,
  };
}

/** Parts of a title after its name: separated as the name is. */
const SEGMENT = /,|;|\||:|\s[-–—/+]\s/;
/** Where a part's own words end ("Closed Headphone for ENG/DJ use"). */
const COMPLEMENT = /\s(?:for|with|compatible|suitable|fits|to fit|including|incl|inc|featuring)\s/;
/** Parts read after the name, and the longest part whose last word is taken as a type. */
const MAX_SEGMENTS = 4;
const MAX_SEGMENT_WORDS = 5;

/**
 * The words of a title part that can name the type: without words with digits, a word right after a
 * number ("2 Slice", "3 Vial", "1000 Piece"), one-letter words, anything after a set or kit ("…
 * Barbell Set 4x 1.75kg …") and closing noise (colours, "Matte", "Pack", units).
 */
function nameWords(part: string): string[] {
  let raw: string[] = part.match(/[a-z0-9]+/g) ?? [];
  // "5pc Set of … Loop Bands", "Pack of 3 Sponges": the type follows "of".
  const of = raw.findIndex((w, i) => w === 'of' && i > 0 && OF_CONTAINERS.has(raw[i - 1] as string));
  if (of > 0 && raw.slice(of + 1).some((w) => /^[a-z]/.test(w) && w.length > 1)) raw = raw.slice(of + 1);
  const name: string[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const word = raw[i] as string;
    const previous = raw[i - 1];
    const afterNumber = previous !== undefined && (/^\d/.test(previous) || NUMBER_WORDS.has(previous));
    if (/\d/.test(word) || NUMBER_WORDS.has(word) || word.length < 2) continue;
    if (afterNumber && COUNT_NOUNS.has(word) && raw[i + 1] !== undefined) continue;
    name.push(ABBREVIATIONS[word] ?? word);
  }
  const container = name.findIndex((w, i) => i > 0 && CONTAINERS.has(w));
  if (container > 0) name.length = container + 1;
  while (name.length > 1 && TITLE_TAIL_NOISE.has(name[name.length - 1] as string)) name.pop();
  if (name.length === 1 && TITLE_TAIL_NOISE.has(name[0] as string)) name.pop();
  return name;
}

/** True when a title part's name is a set, kit or pack of its type ("Socket Set 34 Piece", "BBQ Set"). */
function isSetName(part: string): boolean {
  return /\b(?:set|sets|kit|kits|bundle)\b/.test(part) || /\b\d+\s*(?:pce|pcs|pc|piece|pieces)\b/.test(part);
}

/** Head nouns of books, discs and printed music: a book about guitars is not a guitar. */
const MEDIA_HEADS = new Set(
  [
    'book',
    'books',
    'guide',
    'handbook',
    'manual',
    'dvd',
    'cd',
    'vinyl',
    'magazine',
    'songbook',
    'hits',
    'songs',
    'tutor',
    'method',
    'workbook',
    'novel',
    'edition',
    'vol',
    'volume',
  ].map(stemOf),
);

/** True when the stem sequence `form` occurs in `stems` as a phrase (adjacent, in order). */
export function hasPhrase(stems: readonly string[], form: readonly string[]): boolean {
  if (form.length === 0) return false;
  outer: for (let i = 0; i + form.length <= stems.length; i += 1) {
    for (let j = 0; j < form.length; j += 1) if (stems[i + j] !== form[j]) continue outer;
    return true;
  }
  return false;
}

/** True when one of `term`'s forms occurs in `stems` (a prefix term: a stem starting with its typed word). */
export function termIn(stems: readonly string[], term: Term): boolean {
  if (term.prefix) {
    const typed = term.forms[0]?.words[0];
    return typed !== undefined && stems.some((s) => s.startsWith(typed));
  }
  return term.forms.some((f) => hasPhrase(stems, f.stems));
}

/**
 * True when `term` names the product's type: a form's last stem is the title's head and the form's
 * other stems come right before it in the name ("coffee maker" for "… French Press Coffee Maker").
 */
export function isHeadOf(analysis: TitleAnalysis, term: Term): boolean {
  if (analysis.head === null) return false;
  if (term.prefix) return termIn(analysis.heads, term);
  return term.forms.some((f) => {
    const last = f.stems[f.stems.length - 1] as string;
    if (last === analysis.head) return hasPhrase(analysis.name.slice(-f.stems.length), f.stems);
    // A secondary head ("toner" of "Toner Cartridge"): the form ends where that word stands in the name.
    if (!analysis.heads.includes(last)) return false;
    const at = analysis.name.lastIndexOf(last);
    return at >= 0 && hasPhrase(analysis.name.slice(Math.max(0, at + 1 - f.stems.length), at + 1), f.stems);
  });
}

/** True when one of `term`'s forms ends in a head of a later part of the title (a weaker sign of the type). */
export function isSegmentHeadOf(analysis: TitleAnalysis, term: Term): boolean {
  if (term.prefix) return termIn(analysis.segmentHeads, term);
  return term.forms.some((f) => analysis.segmentHeads.includes(f.stems[f.stems.length - 1] as string));
}
