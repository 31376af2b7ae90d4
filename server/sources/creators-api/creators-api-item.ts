/**
 * A Creators API item in our product shape (issue 14 part 1; ../shared/reference/amazon-creators-api.md
 * "Answers"; DESIGN.md §4 "Money", "Honest prices"). Money in integer pence.
 *
 * - Listing: the one with `isBuyBoxWinner`, else the first (Amazon returns only the featured offer).
 * - Price: none without `offersV2`, or when the listing is OUT_OF_STOCK or UNAVAILABLE (the product
 *   is kept and marked unavailable).
 * - Saving basis: only the one Amazon gave, with its type and our label (LIST_PRICE → "RRP",
 *   WAS_PRICE → "Was", LOWEST_PRICE* → "Lowest price in 30 days"), and only when above the price;
 *   never invented.
 * - Deals: Prime-only prices (PRIME_EXCLUSIVE, PRIME_EARLY_ACCESS) are labelled as such; end time kept.
 * - Category: the first browse node (or ancestor) name our mapping knows (common/categories.ts).
 */
import { mapAmazonCategory, type CategoryKey } from '../../../common/categories';
import { isLabelledSavingBasis, type LabelledSavingBasis, discountPercent } from '../../../common/discount';
import { poundsToPence } from '../../../common/money';
import type { WireBrowseNode, WireItem, WireListing, WirePartialError } from './creators-api.schema';

/** Availability types of `offersV2.listings[].availability.type`, plus our NOT_ACCESSIBLE and NO_OFFER. */
export type AvailabilityType = string;

/** Shopper label of each labelled saving basis (issue 14). */
export const CREATORS_SAVING_BASIS_LABELS: Readonly<Record<LabelledSavingBasis, string>> = {
  LIST_PRICE: 'RRP',
  WAS_PRICE: 'Was',
  LOWEST_PRICE: 'Lowest price in 30 days',
  LOWEST_PRICE_STRIKETHROUGH: 'Lowest price in 30 days',
};

const UNAVAILABLE_TYPES = new Set(['OUT_OF_STOCK', 'UNAVAILABLE']);

export interface AmazonDeal {
  /** ALL | PRIME_EARLY_ACCESS | PRIME_EXCLUSIVE (or what Amazon sent). */
  accessType: string | null;
  primeOnly: boolean;
  /** What the page shows, e.g. "Prime exclusive deal", "Lightning deal". */
  label: string;
  startsAt: Date | null;
  endsAt: Date | null;
  percentClaimed: number | null;
}

export interface AmazonBrowseNode {
  id: string;
  name: string;
  /** Names of the ancestors, nearest first. */
  ancestors: string[];
}

/** One product as the Creators API described it at `fetchedAt`. Money in pence. */
export interface AmazonProduct {
  asin: string;
  title: string | null;
  brand: string | null;
  features: string[];
  /** Large (else medium, small) primary image link; images are linked, never stored (licence). */
  imageUrl: string | null;
  /** Amazon's product page, already tagged with the partner tag. */
  detailPageUrl: string | null;
  parentAsin: string | null;
  /** Buy-box price, pence; null when there is no current offer. */
  pricePence: number | null;
  /** ISO currency of the price (GBP on amazon.co.uk). */
  currency: string | null;
  /** The saving basis Amazon gave, pence, only when above the price. */
  listPricePence: number | null;
  savingBasisType: LabelledSavingBasis | null;
  savingBasisLabel: string | null;
  savingPercent: number | null;
  availability: AvailabilityType;
  available: boolean;
  deal: AmazonDeal | null;
  merchantName: string | null;
  browseNodes: AmazonBrowseNode[];
  category: CategoryKey;
  /** The browse node name the category came from (stored as the product's category name). */
  categoryName: string | null;
  fetchedAt: Date;
}

/** The buy-box listing, else the first; undefined without offers. */
export function buyBoxListing(listings: readonly WireListing[] | null | undefined): WireListing | undefined {
  if (!listings || listings.length === 0) return undefined;
  return listings.find((l) => l.isBuyBoxWinner === true) ?? listings[0];
}

/** A date from Amazon's ISO text ("2024-11-06T05:35Z"), or null when absent or unreadable. */
function dateOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dealOf(listing: WireListing): AmazonDeal | null {
  const details = listing.dealDetails;
  if (!details) return null;
  const accessType = details.accessType ?? null;
  const primeOnly = accessType === 'PRIME_EXCLUSIVE' || accessType === 'PRIME_EARLY_ACCESS';
  const kind = listing.type === 'LIGHTNING_DEAL' ? 'Lightning deal' : 'Deal';
  const label =
    accessType === 'PRIME_EXCLUSIVE'
      ? `Prime exclusive ${kind.toLowerCase()}`
      : accessType === 'PRIME_EARLY_ACCESS'
        ? `Prime early access ${kind.toLowerCase()}`
        : (details.badge ?? kind);
  return {
    accessType,
    primeOnly,
    label,
    startsAt: dateOf(details.startTime),
    endsAt: dateOf(details.endTime),
    percentClaimed: details.percentClaimed ?? null,
  };
}

function ancestorNames(node: WireBrowseNode | null | undefined): string[] {
  const names: string[] = [];
  for (let at = node; at && names.length < 20; at = at.ancestor) {
    const name = at.contextFreeName ?? at.displayName;
    if (name) names.push(name);
  }
  return names;
}

/** Browse nodes with their ancestors' names, and the first name our category mapping knows. */
export function categoryOf(nodes: readonly AmazonBrowseNode[]): { category: CategoryKey; categoryName: string | null } {
  for (const node of nodes) {
    for (const name of [node.name, ...node.ancestors]) {
      const category = mapAmazonCategory(name);
      if (category !== 'other') return { category, categoryName: node.name };
    }
  }
  return { category: 'other', categoryName: nodes[0]?.name ?? null };
}

/** Price, saving basis and availability of `listing` (pence). */
function pricingOf(listing: WireListing | undefined) {
  const availability = listing ? (listing.availability?.type ?? 'UNKNOWN') : 'NO_OFFER';
  const money = listing?.price?.money;
  const offered = listing !== undefined && !UNAVAILABLE_TYPES.has(availability) && money != null && money.amount > 0;
  const pricePence = offered ? poundsToPence(money.amount) : null;
  const basis = listing?.price?.savingBasis;
  const basisType = basis?.savingBasisType;
  const basisPence = basis?.money ? poundsToPence(basis.money.amount) : null;
  const labelled = pricePence !== null && isLabelledSavingBasis(basisType) && basisPence !== null && basisPence > pricePence;
  return {
    availability,
    available: pricePence !== null,
    pricePence,
    currency: offered ? (money.currency ?? null) : null,
    listPricePence: labelled ? basisPence : null,
    savingBasisType: labelled ? basisType : null,
    savingBasisLabel: labelled ? CREATORS_SAVING_BASIS_LABELS[basisType] : null,
    savingPercent: labelled ? discountPercent(basisPence, pricePence) : null,
  };
}

/** Turns a wire item into an {@link AmazonProduct} observed at `fetchedAt`. Never throws. */
export function toAmazonProduct(item: WireItem, fetchedAt: Date): AmazonProduct {
  const listing = buyBoxListing(item.offersV2?.listings);
  const primary = item.images?.primary;
  const browseNodes: AmazonBrowseNode[] = (item.browseNodeInfo?.browseNodes ?? []).flatMap((node) =>
    node.id ? [{ id: node.id, name: node.contextFreeName ?? node.displayName ?? node.id, ancestors: ancestorNames(node.ancestor) }] : [],
  );
  const brand = item.itemInfo?.byLineInfo?.brand?.displayValue ?? item.itemInfo?.byLineInfo?.manufacturer?.displayValue ?? null;
  return {
    asin: item.asin.toUpperCase(),
    title: item.itemInfo?.title?.displayValue ?? null,
    brand,
    features: (item.itemInfo?.features?.displayValues ?? []).filter((f) => f.trim() !== ''),
    imageUrl: (primary?.large ?? primary?.medium ?? primary?.small ?? primary?.hiRes)?.url ?? null,
    detailPageUrl: item.detailPageURL ?? null,
    parentAsin: item.parentASIN ?? null,
    ...pricingOf(listing),
    deal: listing ? dealOf(listing) : null,
    merchantName: listing?.merchantInfo?.name ?? null,
    browseNodes,
    ...categoryOf(browseNodes),
    fetchedAt,
  };
}

/** ASINs named by `ItemNotAccessible` partial errors ("The ItemId B01180YUXS is not accessible…"). */
export function notAccessibleAsins(errors: readonly WirePartialError[] | null | undefined): Set<string> {
  const asins = new Set<string>();
  for (const error of errors ?? []) {
    if (error.code !== 'ItemNotAccessible') continue;
    for (const match of (error.message ?? '').matchAll(/\b[A-Z0-9]{10}\b/g)) asins.add(match[0]);
  }
  return asins;
}
