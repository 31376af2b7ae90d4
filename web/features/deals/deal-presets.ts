/**
 * Deal landing page content (content-and-account-pages §2.6, §9): the default deal, the eight
 * curated presets keyed by slug (our own copy), generic deals from query parameters, and the
 * content an ASIN from our catalogue fills in. Pure functions; the page renders what they return.
 *
 * Each preset's tracking id is recorded with its clicks (product_clicks.deal_id); the Associates tag
 * itself is always one of our two configured tags, chosen by the redirect.
 */
import { isAllowedAmazonUrl, searchAffiliateUrl } from '../../../common/affiliate';
import { formatCount } from '../../../common/numbers';

export interface DealContent {
  slug: string;
  productTitle: string;
  /** Whole percent, or null for 'Special Deal'. */
  dealPercentage: number | null;
  dealType: string;
  /** An Amazon UK link (product or search); the redirect adds our tag. */
  amazonUrl: string;
  productDescription: string;
  urgencyText: string;
  features: string[];
  rating: number;
  /** Text such as '12,000+'. */
  reviewCount: string;
  imageUrl: string | null;
  /** The product's ASIN when the content comes from our catalogue. */
  asin: string | null;
  price?: string | null;
  originalPrice?: string | null;
}

/** Spec §9: defaults where a deal names no rating or review count. */
export const DEFAULT_RATING = 4.5;
export const DEFAULT_REVIEW_COUNT = '1000+';

const search = (k: string) => searchAffiliateUrl(k, 'dealalertsuk-21');

function preset(slug: string, p: Omit<DealContent, 'slug' | 'imageUrl' | 'asin'>): DealContent {
  return { slug, imageUrl: null, asin: null, ...p };
}

export const DEFAULT_DEAL: DealContent = preset('default', {
  productTitle: "Today's Hand-Picked Amazon UK Deal",
  dealPercentage: 40,
  dealType: 'Daily Deal',
  amazonUrl: search('deals of the day'),
  productDescription:
    'Our deals team checks thousands of prices every day and picks the savings we can back up with a list price or our own price history.',
  urgencyText: 'Prices change through the day: check the current price on Amazon.',
  features: [
    'Savings checked against RRP or price history',
    'Fast UK delivery options',
    'Sold or fulfilled by Amazon UK',
    'Easy returns on most items',
  ],
  rating: DEFAULT_RATING,
  reviewCount: DEFAULT_REVIEW_COUNT,
});

export const DEAL_PRESETS: Readonly<Record<string, DealContent>> = {
  'neon-swimwear': preset('neon-swimwear', {
    productTitle: 'Neon Swimwear for Sunny Days',
    dealPercentage: 60,
    dealType: 'Summer Clearance',
    amazonUrl: search('neon swimwear'),
    productDescription: 'Bright, quick-drying swimsuits and trunks for the beach, the pool and the holiday suitcase.',
    urgencyText: 'End-of-season sizes go fast.',
    features: ['Quick-drying fabric', 'Chlorine-resistant colours', 'Sizes for all the family', 'UV-protective styles'],
    rating: 4.4,
    reviewCount: '3,000+',
  }),
  'kitchen-gadgets': preset('kitchen-gadgets', {
    productTitle: 'Clever Kitchen Gadgets',
    dealPercentage: 50,
    dealType: 'Lightning Deal',
    amazonUrl: search('kitchen gadgets'),
    productDescription: 'Choppers, scales, thermometers and time-savers that earn their drawer space.',
    urgencyText: 'Lightning deals run for a few hours only.',
    features: ['Dishwasher-safe parts', 'Space-saving designs', 'Highly rated by home cooks', 'Great gift ideas'],
    rating: 4.5,
    reviewCount: '12,000+',
  }),
  electronics: preset('electronics', {
    productTitle: 'Electronics Deals: Headphones, Chargers and More',
    dealPercentage: 45,
    dealType: 'Tech Deal',
    amazonUrl: search('electronics deals'),
    productDescription: 'Everyday tech at a lower price: earbuds, power banks, smart plugs and streaming sticks.',
    urgencyText: 'Popular models sell out quickly at these prices.',
    features: ['Trusted brands', 'UK plugs and warranties', 'Prime delivery on many items', 'Checked against RRP'],
    rating: 4.4,
    reviewCount: '25,000+',
  }),
  'robot-vacuum': preset('robot-vacuum', {
    productTitle: 'Robot Vacuum Cleaners',
    dealPercentage: 55,
    dealType: 'Best Seller Deal',
    amazonUrl: search('robot vacuum cleaner'),
    productDescription: 'Let a robot do the hoovering: app control, scheduled cleans and automatic recharging.',
    urgencyText: 'Limited stock at this price.',
    features: ['App and voice control', 'Scheduled cleaning', 'Self-charging', 'Good on carpets and hard floors'],
    rating: 4.3,
    reviewCount: '8,000+',
  }),
  'air-fryer': preset('air-fryer', {
    productTitle: 'Air Fryers for Quicker, Cheaper Cooking',
    dealPercentage: 40,
    dealType: 'Deal of the Day',
    amazonUrl: search('air fryer'),
    productDescription: 'Crispy results with little or no oil, and often cheaper to run than the oven.',
    urgencyText: 'Deal of the Day ends at midnight.',
    features: ['Single and dual-basket models', 'Dishwasher-safe baskets', 'Preset programmes', 'Compact sizes for small kitchens'],
    rating: 4.6,
    reviewCount: '40,000+',
  }),
  'home-kitchen': preset('home-kitchen', {
    productTitle: 'Home & Kitchen Essentials',
    dealPercentage: 50,
    dealType: 'Home Event',
    amazonUrl: search('home kitchen essentials'),
    productDescription: 'Cookware, storage, bedding and small appliances to refresh the home for less.',
    urgencyText: 'Event prices for a limited time.',
    features: ['Cookware and bakeware', 'Storage and organisation', 'Bedding and towels', 'Small appliances'],
    rating: 4.5,
    reviewCount: '15,000+',
  }),
  luggage: preset('luggage', {
    productTitle: 'Luggage and Cabin Bags',
    dealPercentage: 65,
    dealType: 'Travel Deal',
    amazonUrl: search('luggage cabin bag'),
    productDescription: 'Hard-shell suitcases and cabin bags sized for the major UK airlines.',
    urgencyText: 'Book your trip? Check the cabin size first, then grab the deal.',
    features: ['Lightweight hard shells', 'Four spinner wheels', 'Cabin-approved sizes', 'Built-in TSA locks'],
    rating: 4.5,
    reviewCount: '6,000+',
  }),
  'vacuum-storage-bags': preset('vacuum-storage-bags', {
    productTitle: 'Vacuum Storage Bags',
    dealPercentage: 70,
    dealType: 'Multi-buy Deal',
    amazonUrl: search('vacuum storage bags'),
    productDescription: 'Shrink duvets, coats and bedding to a fraction of their size for storage or travel.',
    urgencyText: 'Multi-packs are the best value while they last.',
    features: ['Reusable and airtight', 'Works with any vacuum cleaner', 'Hand pump included', 'Mixed sizes per pack'],
    rating: 4.4,
    reviewCount: '20,000+',
  }),
};

/** The eight preset slugs in the spec's order. */
export const DEAL_PRESET_SLUGS = Object.keys(DEAL_PRESETS);

/** Generic deal from query parameters title, discount, description, url, search (spec §2.6). */
export function dealFromQuery(params: URLSearchParams): DealContent {
  const discount = Number(params.get('discount'));
  const url = params.get('url');
  const term = params.get('search')?.trim();
  return {
    ...DEFAULT_DEAL,
    slug: 'deal-page',
    productTitle: params.get('title')?.trim().slice(0, 200) || DEFAULT_DEAL.productTitle,
    dealPercentage: Number.isFinite(discount) && discount > 0 && discount < 100 ? Math.round(discount) : DEFAULT_DEAL.dealPercentage,
    productDescription: params.get('description')?.trim().slice(0, 1000) || DEFAULT_DEAL.productDescription,
    // A foreign url is ignored: the page never links off Amazon.
    amazonUrl: url && isAllowedAmazonUrl(url) ? url : term ? search(term.slice(0, 200)) : DEFAULT_DEAL.amazonUrl,
  };
}

/**
 * What a catalogue product fills in (spec §2.6, §9: rounded percent, defaults 4.5 and '1000+'). A
 * price the API does not show (Amazon's data over 24 hours old, decision 0014) leaves the price out
 * and names no deal type.
 */
export function dealFromProduct(product: {
  asin: string;
  title: string;
  imageUrl: string | null;
  price: string | null;
  originalPrice: string | null;
  discountPercent: number | null;
  rating: number | null;
  reviewCount: number | null;
  features: string[];
}): DealContent {
  return {
    ...DEFAULT_DEAL,
    slug: product.asin,
    asin: product.asin,
    productTitle: product.title,
    imageUrl: product.imageUrl,
    price: product.price,
    originalPrice: product.originalPrice,
    dealPercentage: product.discountPercent,
    dealType: product.price === null ? "Today's price on Amazon" : product.discountPercent ? 'Price Drop' : 'Special Deal',
    amazonUrl: `https://www.amazon.co.uk/dp/${product.asin}`,
    productDescription: product.features[0] ?? DEFAULT_DEAL.productDescription,
    features: product.features.length ? product.features.slice(0, 4) : DEFAULT_DEAL.features,
    rating: product.rating ?? DEFAULT_RATING,
    reviewCount: product.reviewCount != null ? formatCount(product.reviewCount) : DEFAULT_REVIEW_COUNT,
  };
}

/** Like/dislike toggle (spec §4): choosing one undoes the other; pressing the active one undoes it. */
export type Vote = 'like' | 'dislike' | null;
export function nextVote(current: Vote, pressed: 'like' | 'dislike'): Vote {
  return current === pressed ? null : pressed;
}

/** Random initial counts (spec §4: likes 10–30, dislikes 1–5), not saved. */
export function initialCounts(random: () => number = Math.random): { likes: number; dislikes: number } {
  return { likes: 10 + Math.floor(random() * 21), dislikes: 1 + Math.floor(random() * 5) };
}
