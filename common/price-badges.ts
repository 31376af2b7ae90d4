/**
 * Price badges (issue 30): claims about a product's price, each with a stated rule
 * (server/features/prices/price-badges.rules.ts; docs/pricing/reference-prices.md "Badges"). Shared
 * by the server (stored on products.price_badges) and the web app (cards, "Why is this a deal?").
 */
export const PRICE_BADGE_KINDS = ['lowest_ever', 'below_trend', 'good_deal'] as const;
export type PriceBadgeKind = (typeof PRICE_BADGE_KINDS)[number];

export interface PriceBadge {
  kind: PriceBadgeKind;
  /** The card's words: "Lowest price we've recorded", "Below its 3-month trend", "Good deal". */
  label: string;
  /** The rule applied to this product, in a sentence with its figures ("why is this a deal?"). */
  explanation: string;
}
