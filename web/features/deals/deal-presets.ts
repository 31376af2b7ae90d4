/**
 * Deal landing page content (content-and-account-pages §2.6, §4, §9, with the departures of
 * docs/decisions/0023-landing-pages-facts.md: a landing page states only facts). Pure functions; the
 * page renders what they return.
 *
 * - The default page and the eight curated presets are our own editorial copy: what the page is
 *   about and what to compare, never a percentage, a rating, delivery, returns or urgency. A
 *   preset's percentage comes only from the server's largest verified saving in its scope
 *   (`GET /api/deal-pages/top-saving`, {@link withTopSaving}); with none it says "Prices we track in …".
 * - A catalogue product fills in only what we hold: title, image, price with its time, its verified
 *   saving and basis, its rating and review count when the feed has them, its features.
 * - Claims in a `/deal?…` URL (title, discount, description, deal type, urgency, features, rating,
 *   reviews, url, search) count only from a link the owners signed in the admin area, as the server's
 *   check answers them ({@link withClaims}); an unsigned or tampered link adds nothing.
 *
 * Each preset's slug is recorded with its clicks (product_clicks.deal_id); the Associates tag itself
 * is always one of our two configured tags, chosen by the redirect.
 */
import type { DealLinkClaims } from '../../../common/api/deal-links.schema';
import { DEAL_PRESET_SCOPES, DEAL_PRESET_SLUGS, type DealPresetSlug } from '../../../common/deal-links';
import type { Product } from '../../../common/api/products.schema';
import { isAllowedAmazonUrl, searchAffiliateUrl } from '../../../common/affiliate';
import { formatCount } from '../../../common/numbers';

export interface DealContent {
  /** Tracking id sent with the outbound click (`deal`): a preset slug, an ASIN or 'deal-page'. */
  slug: string;
  productTitle: string;
  /** The catalogue product's own title when an owners' headline replaces it in the heading. */
  subtitle: string | null;
  /** Whole percent from a verified saving or an owners' signed link; null shows no percentage. */
  dealPercentage: number | null;
  /** True when the percentage is the largest of several products' savings ("Up to 40% off"), not one product's. */
  percentageIsMaximum: boolean;
  /** What the percentage is measured against ("against the RRP"), when we know. */
  percentageBasis: string | null;
  /** A short label (a preset's subject, an owners' deal type); null for none. */
  dealType: string | null;
  /** An Amazon UK link (product or search); the redirect adds our tag. */
  amazonUrl: string;
  productDescription: string | null;
  /** Only from an owners' signed link. */
  urgencyText: string | null;
  /** At most four lines. */
  features: string[];
  /** Heading of the features list ("What to compare", "About this product", "Details"). */
  featuresHeading: string;
  /** Stars from our data or an owners' signed link; null shows no stars. */
  rating: number | null;
  /** Text such as '12,000+'; null shows no count. */
  reviewCount: string | null;
  imageUrl: string | null;
  /** A stored category key for the illustration shown without an image (a product's, a category preset's); null for none. */
  category: string | null;
  /** The product's ASIN when the content comes from our catalogue. */
  asin: string | null;
  /** True when an owners' signed link supplied some of this content. */
  fromSignedLink: boolean;
}

/** Preset copy: what it is about and what to compare (editorial guidance, not claims about a deal). */
export interface DealPreset {
  slug: DealPresetSlug;
  productTitle: string;
  /** Who the preset's products are, in words: "in Kitchen", "on air fryers". */
  scopeLabel: string;
  /** Its label when no product of its scope has a verified saving: "Prices we track in Electronics", "Buying guide". */
  neutralLabel: string;
  searchTerms: string;
  productDescription: string;
  features: string[];
}

/** The old spec §9 defaults (4.5 stars, '1000+' reviews) are gone: nothing is shown without data. */
const TRACKING_TAG = 'dealalertsuk-21';
const search = (k: string) => searchAffiliateUrl(k, TRACKING_TAG);

const PRESET_LIST: DealPreset[] = [
  {
    slug: 'neon-swimwear',
    productTitle: 'Neon Swimwear for Sunny Days',
    scopeLabel: 'on swimwear',
    neutralLabel: 'Buying guide',
    searchTerms: 'neon swimwear',
    productDescription: 'Bright swimsuits and trunks for the beach, the pool and the holiday suitcase.',
    features: ['Quick-drying fabric', 'Chlorine-resistant colours', 'Sizes for all the family', 'UV-protective styles'],
  },
  {
    slug: 'kitchen-gadgets',
    productTitle: 'Clever Kitchen Gadgets',
    scopeLabel: 'on kitchen gadgets',
    neutralLabel: 'Buying guide',
    searchTerms: 'kitchen gadgets',
    productDescription: 'Choppers, scales, thermometers and time-savers that earn their drawer space.',
    features: ['Dishwasher-safe parts', 'How much drawer space it needs', 'What it replaces in your kitchen', 'Spare parts and warranty'],
  },
  {
    slug: 'electronics',
    productTitle: 'Electronics: Headphones, Chargers and More',
    scopeLabel: 'in Electronics',
    neutralLabel: 'Prices we track in Electronics',
    searchTerms: 'electronics deals',
    productDescription: 'Everyday tech: earbuds, power banks, smart plugs and streaming sticks.',
    features: ['UK plug and warranty', 'Battery life and charging', 'Compatibility with what you own', 'The RRP against today’s price'],
  },
  {
    slug: 'robot-vacuum',
    productTitle: 'Robot Vacuum Cleaners',
    scopeLabel: 'on robot vacuums',
    neutralLabel: 'Buying guide',
    searchTerms: 'robot vacuum cleaner',
    productDescription: 'Let a robot do the hoovering: app control, scheduled cleans and automatic recharging.',
    features: ['App and voice control', 'Scheduled cleaning', 'Self-charging', 'Carpets and hard floors'],
  },
  {
    slug: 'air-fryer',
    productTitle: 'Air Fryers for Quicker Cooking',
    scopeLabel: 'on air fryers',
    neutralLabel: 'Buying guide',
    searchTerms: 'air fryer',
    productDescription: 'Crispy results with little or no oil, and often quicker than heating the oven.',
    features: ['Single or dual basket', 'Dishwasher-safe baskets', 'Capacity for your household', 'Size on the worktop'],
  },
  {
    slug: 'home-kitchen',
    productTitle: 'Home & Kitchen Essentials',
    scopeLabel: 'in Home & Kitchen',
    neutralLabel: 'Prices we track in Home & Kitchen',
    searchTerms: 'home kitchen essentials',
    productDescription: 'Cookware, storage, bedding and small appliances for the home.',
    features: ['Cookware and bakeware', 'Storage and organisation', 'Bedding and towels', 'Small appliances'],
  },
  {
    slug: 'luggage',
    productTitle: 'Luggage and Cabin Bags',
    scopeLabel: 'on luggage',
    neutralLabel: 'Buying guide',
    searchTerms: 'luggage cabin bag',
    productDescription: 'Hard-shell suitcases and cabin bags: check your airline’s cabin size before you buy.',
    features: ['Weight when empty', 'Four spinner wheels', 'Your airline’s cabin size', 'Built-in locks'],
  },
  {
    slug: 'vacuum-storage-bags',
    productTitle: 'Vacuum Storage Bags',
    scopeLabel: 'on vacuum storage bags',
    neutralLabel: 'Buying guide',
    searchTerms: 'vacuum storage bags',
    productDescription: 'Shrink duvets, coats and bedding for storage or travel.',
    features: ['Reusable and airtight', 'Works with your vacuum cleaner', 'Hand pump for travel', 'Mixed sizes per pack'],
  },
];

export const DEAL_PRESETS: Readonly<Record<DealPresetSlug, DealPreset>> = Object.fromEntries(PRESET_LIST.map((p) => [p.slug, p])) as Record<
  DealPresetSlug,
  DealPreset
>;

/** The eight preset slugs in the spec's order. */
export { DEAL_PRESET_SLUGS };

/** True when `slug` names one of the eight presets. */
export function isDealPresetSlug(slug: string): slug is DealPresetSlug {
  return (DEAL_PRESET_SLUGS as readonly string[]).includes(slug);
}

/** The page without a preset, product or signed link: what we do, in facts. */
export const DEFAULT_DEAL: DealContent = {
  slug: 'deal-page',
  productTitle: 'Amazon UK prices we track',
  subtitle: null,
  dealPercentage: null,
  percentageIsMaximum: false,
  percentageBasis: null,
  dealType: null,
  amazonUrl: search("today's deals"),
  productDescription:
    'We record Amazon UK prices over time. We call something a saving only when a price Amazon labels (an RRP or was price) or our own price history backs it up.',
  urgencyText: null,
  features: [
    'Every saving names what it is measured against',
    'Every price shows when it was observed',
    'Free e-mail alerts when a price you watch drops',
  ],
  featuresHeading: 'How we show prices',
  rating: null,
  reviewCount: null,
  imageUrl: null,
  category: null,
  asin: null,
  fromSignedLink: false,
};

/**
 * The base of an owners' signed link that names no product or preset: only what they wrote (no
 * description or feature lines of ours beneath their headline).
 */
export function dealForClaimsOnly(slug: string): DealContent {
  return { ...DEFAULT_DEAL, slug, productDescription: null, features: [], featuresHeading: 'Details' };
}

/** A preset's page before the server's answer: its editorial copy, no percentage. */
export function dealFromPreset(preset: DealPreset): DealContent {
  return {
    ...DEFAULT_DEAL,
    slug: preset.slug,
    productTitle: preset.productTitle,
    dealType: null,
    amazonUrl: search(preset.searchTerms),
    productDescription: preset.productDescription,
    features: preset.features.slice(0, 4),
    featuresHeading: 'What to compare',
    category: DEAL_PRESET_SCOPES[preset.slug].category,
  };
}

/**
 * A preset (or the default page) with the server's largest verified saving in its scope: the
 * percentage only from that product's saving, labelled as the largest we track there; with none, no
 * percentage and the neutral label ("Prices we track in Electronics", "Buying guide").
 */
export function withTopSaving(
  deal: DealContent,
  top: Pick<Product, 'discountPercent' | 'savingBasisLabel'> | null,
  scopeLabel: string,
  neutralLabel: string | null,
): DealContent {
  const percent = top?.discountPercent != null && top.discountPercent > 0 ? top.discountPercent : null;
  return {
    ...deal,
    dealPercentage: percent,
    percentageIsMaximum: percent !== null,
    percentageBasis: percent !== null ? `The largest verified saving we track ${scopeLabel}: details below.` : null,
    dealType: percent !== null ? `Verified saving ${scopeLabel}` : neutralLabel,
  };
}

/**
 * What a catalogue product fills in: only what we hold. The percentage is its verified saving (spec
 * §9's rounded percent, only with a substantiated original price); rating and review count only
 * when the feed has them; features only its own. No description is invented.
 */
export function dealFromProduct(
  product: Pick<
    Product,
    | 'asin'
    | 'title'
    | 'imageUrl'
    | 'price'
    | 'discountPercent'
    | 'savingBasisLabel'
    | 'rating'
    | 'reviewCount'
    | 'features'
    | 'category'
    | 'categoryName'
  >,
): DealContent {
  const percent = product.price !== null && product.discountPercent != null && product.discountPercent > 0 ? product.discountPercent : null;
  return {
    ...DEFAULT_DEAL,
    slug: product.asin,
    asin: product.asin,
    productTitle: product.title,
    imageUrl: product.imageUrl,
    category: product.category,
    dealPercentage: percent,
    // The price block names the basis beside the struck-through price ('RRP £10.00').
    percentageBasis: null,
    dealType: product.categoryName,
    amazonUrl: `https://www.amazon.co.uk/dp/${product.asin}`,
    productDescription: null,
    features: product.features.slice(0, 4),
    featuresHeading: 'About this product',
    rating: product.rating,
    reviewCount: product.reviewCount != null ? formatCount(product.reviewCount) : null,
  };
}

/**
 * `deal` with the claims of an owners' signed link laid over it: the page shows them as the owners
 * wrote them. Only call with claims the server's check answered `valid`.
 */
export function withClaims(deal: DealContent, claims: DealLinkClaims): DealContent {
  const url = claims.url && isAllowedAmazonUrl(claims.url) ? claims.url : null;
  return {
    ...deal,
    productTitle: claims.title ?? deal.productTitle,
    subtitle: claims.title !== undefined && deal.asin !== null ? deal.productTitle : deal.subtitle,
    dealPercentage: claims.discount ?? deal.dealPercentage,
    percentageIsMaximum: claims.discount !== undefined ? false : deal.percentageIsMaximum,
    percentageBasis: claims.discount !== undefined ? null : deal.percentageBasis,
    dealType: claims.dealType ?? deal.dealType,
    amazonUrl: url ?? (claims.search ? search(claims.search) : deal.amazonUrl),
    productDescription: claims.description ?? deal.productDescription,
    urgencyText: claims.urgencyText ?? null,
    features: claims.features ?? deal.features,
    featuresHeading: claims.features ? 'Details' : deal.featuresHeading,
    rating: claims.rating ?? deal.rating,
    reviewCount: claims.reviewCount ?? (claims.rating !== undefined ? null : deal.reviewCount),
    fromSignedLink: true,
  };
}

/** Like/dislike toggle (spec §4): choosing one undoes the other; pressing the active one undoes it. */
export type Vote = 'like' | 'dislike' | null;
export function nextVote(current: Vote, pressed: 'like' | 'dislike'): Vote {
  return current === pressed ? null : pressed;
}
