/**
 * The ten shopper categories (shopper-screens §2 "Category deals pages") and the mapping from
 * Amazon UK's own category names (e.g. "Headphones & Earphones") onto them.
 *
 * What fits none of the ten is kept as `other`: still stored, still searchable, never shown as a
 * category button. The original Amazon name is always kept beside the key.
 */

export const SHOPPER_CATEGORY_KEYS = [
  'home-kitchen',
  'electronics',
  'fashion',
  'health-beauty',
  'sports-outdoors',
  'automotive',
  'gaming',
  'books',
  'baby',
  'music',
] as const;

export type ShopperCategoryKey = (typeof SHOPPER_CATEGORY_KEYS)[number];
/** A product's stored category: one of the ten, or `other`. */
export type CategoryKey = ShopperCategoryKey | 'other';

export interface ShopperCategory {
  key: ShopperCategoryKey;
  /** Page heading name, e.g. 'Home & Kitchen' ("Today's Top {name} Deals"). */
  name: string;
  /** Short label of the home page category button (shopper-screens §2). */
  buttonLabel: string;
  /** Amazon search index (shopper-screens §2 list). */
  searchIndex: string;
  /** Keywords the home page sends when the button is chosen. */
  keywords: string;
  description: string;
  /** Tailwind-friendly hex colour for the category accent. */
  colour: string;
}

export const SHOPPER_CATEGORIES: readonly ShopperCategory[] = [
  {
    key: 'home-kitchen',
    name: 'Home & Kitchen',
    buttonLabel: 'Kitchen',
    searchIndex: 'Kitchen',
    keywords: 'kitchen home',
    description: 'Cookware, small appliances, furniture and everything for the home.',
    colour: '#ea580c',
  },
  {
    key: 'electronics',
    name: 'Electronics',
    buttonLabel: 'Electronics',
    searchIndex: 'Electronics',
    keywords: 'electronics',
    description: 'Headphones, computers, cameras, TVs and smart-home gadgets.',
    colour: '#2563eb',
  },
  {
    key: 'fashion',
    name: 'Fashion',
    buttonLabel: 'Fashion',
    searchIndex: 'Fashion',
    keywords: 'fashion clothing',
    description: 'Clothing, shoes, luggage and accessories for everyone.',
    colour: '#db2777',
  },
  {
    key: 'health-beauty',
    name: 'Health & Beauty',
    buttonLabel: 'Beauty',
    searchIndex: 'Beauty',
    keywords: 'beauty',
    description: 'Skin care, hair care, fragrances and personal care.',
    colour: '#9333ea',
  },
  {
    key: 'sports-outdoors',
    name: 'Sports & Outdoors',
    buttonLabel: 'Sports',
    searchIndex: 'SportsAndOutdoors',
    keywords: 'sports outdoors',
    description: 'Fitness kit, outdoor gear and sports equipment.',
    colour: '#16a34a',
  },
  {
    key: 'automotive',
    name: 'Automotive',
    buttonLabel: 'Automotive',
    searchIndex: 'Automotive',
    keywords: 'car motorbike',
    description: 'Car and motorbike parts, accessories and electronics.',
    colour: '#475569',
  },
  {
    key: 'gaming',
    name: 'Gaming',
    buttonLabel: 'Gaming',
    searchIndex: 'VideoGames',
    keywords: 'gaming',
    description: 'Video games, consoles and gaming accessories.',
    colour: '#7c3aed',
  },
  {
    key: 'books',
    name: 'Books',
    buttonLabel: 'Books',
    searchIndex: 'Books',
    keywords: 'books',
    description: 'Books, organisers and educational reading.',
    colour: '#b45309',
  },
  {
    key: 'baby',
    name: 'Baby',
    buttonLabel: 'Baby',
    searchIndex: 'Baby',
    keywords: 'baby',
    description: 'Baby essentials, toddler toys and nursery.',
    colour: '#0891b2',
  },
  {
    key: 'music',
    name: 'Musical Instruments',
    buttonLabel: 'Music',
    searchIndex: 'MusicalInstruments',
    keywords: 'music instruments',
    description: 'Guitars, keyboards, drums and recording gear.',
    colour: '#be123c',
  },
];

/** Looks a shopper category up by key; undefined for unknown keys (shown as 'Category not found'). */
export function getShopperCategory(key: string): ShopperCategory | undefined {
  return SHOPPER_CATEGORIES.find((c) => c.key === key);
}

/** Ordered rules: the first whose pattern matches the lower-cased Amazon name wins. */
const CATEGORY_RULES: ReadonlyArray<[ShopperCategoryKey, RegExp]> = [
  ['gaming', /video games|pc gaming|game accessories|games & game|gaming|console/],
  ['music', /music|guitar|drum|piano|string instrument|synthes|dj & vj|karaoke|microphone|recording & computer|instrument/],
  ['books', /\bbooks?\b|kindle|audible|calendars & personal organisers|school & educational|professional education/],
  ['baby', /baby|toddler|nursery|soft toys/],
  // "Kids' Play Vehicles" are toys, not car parts.
  ['automotive', /car & |motorbike|(?<!play )vehicle|automotive|gps, finders|tyres|sat nav/],
  [
    'electronics',
    /electronic|computer|headphone|earphone|camera|lens|flashes|tripod|monitor|printer|scanner|network|data storage|hi-fi|home cinema|home audio|\btv\b|media streaming|smart speaker|smartwatch|wearable|mobile phone|telephone|usb|cables|kvm|i\/o port|power suppl|uninterruptible|projector|radio|cd, disc|portable sound|digital frame|keyboards, mice|batteries|surveillance|remote & app|optical drive|blank media|electrical power|record player|binoculars|laptop|tablet|desktop|smart home|television|speaker|e-reader|sat nav/,
  ],
  [
    'health-beauty',
    /beauty|make-up|makeup|skin care|hair care|fragrance|perfume|bath & body|manicure|health & personal|supplement|vitamin|grooming|shav|oral care|dental|medical/,
  ],
  ['fashion', /^men$|^women$|^boys$|^girls$|shoes|clothing|fashion|luggage|jewel|handbag|\bwatches\b|sunglasses/],
  ['sports-outdoors', /sport|outdoor(?! rope)|ski|sledding|table tennis|darts|wildlife|camping|cycling|fitness/],
  [
    'home-kitchen',
    /kitchen|cookware|coffee|home|furniture|garden|lighting|light bulbs|lights|vacuum|ironing|heating|appliances|bath|storage|rugs|cushion|curtain|mattress|fireplace|plumbing|hardware|tools|painting|building supplies|^electrical$|water coolers|pools|plants|pet supplies|safety & security|signs|abrasive|bedding|towel|cleaning|laundry|dining|d[eé]cor/,
  ],
];

/**
 * Maps a category written in a feed onto our key. Accepts our own keys ("electronics"), our names
 * ("Home & Kitchen"), button labels ("Kitchen") and Amazon's names ("Small Kitchen Appliances").
 * Returns `other` when nothing fits. Never throws.
 */
export function mapAmazonCategory(name: string | null | undefined): CategoryKey {
  const text = (name ?? '').trim().toLowerCase();
  if (text === '') return 'other';
  const direct = SHOPPER_CATEGORIES.find(
    (c) => c.key === text || c.name.toLowerCase() === text || c.buttonLabel.toLowerCase() === text || c.searchIndex.toLowerCase() === text,
  );
  if (direct) return direct.key;
  for (const [key, pattern] of CATEGORY_RULES) if (pattern.test(text)) return key;
  return 'other';
}
