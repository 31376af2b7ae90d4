/**
 * Deal landing page rules shared by the server, the shopper page and the admin tab (issue 27;
 * docs/decisions/0023-landing-pages-facts.md), without zod so the page's chunk stays small. The
 * request and answer schemas are in common/api/deal-links.schema.ts and deal-links.admin.schema.ts.
 */
import type { ShopperCategoryKey } from './categories';

/** Longest text of each claim, characters. */
export const DEAL_LINK_LIMITS = {
  title: 200,
  description: 1000,
  dealType: 60,
  urgencyText: 200,
  feature: 200,
  reviewCount: 20,
  url: 2000,
  search: 200,
} as const;

/** At most this many feature lines (spec §2.6: "features (list of 4)"). */
export const DEAL_LINK_MAX_FEATURES = 4;

/** How long a signed link may be valid: 1 to 90 days; 14 when not given. */
export const DEAL_LINK_VALID_DAYS = { min: 1, max: 90, default: 14 } as const;

/** The eight curated presets (spec §2.6), in the spec's order. */
export const DEAL_PRESET_SLUGS = [
  'neon-swimwear',
  'kitchen-gadgets',
  'electronics',
  'robot-vacuum',
  'air-fryer',
  'home-kitchen',
  'luggage',
  'vacuum-storage-bags',
] as const;
export type DealPresetSlug = (typeof DEAL_PRESET_SLUGS)[number];

/**
 * Which of our products a preset is about, so its percentage can only come from one of them: a
 * shopper category, words (websearch syntax, as the search box reads them), or both.
 */
export interface DealPresetScope {
  category: ShopperCategoryKey | null;
  keywords: string | null;
}

export const DEAL_PRESET_SCOPES: Readonly<Record<DealPresetSlug, DealPresetScope>> = {
  'neon-swimwear': { category: null, keywords: 'swimwear or swimsuit or bikini or "swim shorts" or "swimming costume"' },
  'kitchen-gadgets': {
    category: 'home-kitchen',
    keywords: 'gadget or utensil or peeler or chopper or grater or thermometer or "kitchen scale"',
  },
  electronics: { category: 'electronics', keywords: null },
  'robot-vacuum': { category: null, keywords: '"robot vacuum" or "robotic vacuum" or "robot hoover"' },
  'air-fryer': { category: null, keywords: '"air fryer"' },
  'home-kitchen': { category: 'home-kitchen', keywords: null },
  luggage: { category: null, keywords: 'luggage or suitcase or "cabin bag"' },
  'vacuum-storage-bags': { category: null, keywords: '"vacuum storage" or "space saver bag" or "compression bag"' },
};
