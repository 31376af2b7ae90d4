/**
 * Deal landing pages that state only facts (issue 27; content-and-account-pages §2.6, §9, with the
 * departures of docs/decisions/0023-landing-pages-facts.md): the claims an owners' signed link may
 * carry, how they sit in a `/deal?…` URL, the answer of the public check of such a link, and the
 * scope of each curated preset whose percentage comes only from a real product's verified saving.
 *
 * Calls (who may call: anyone; both read-only, neither signs anything):
 * - `GET /api/deal-pages/verify-link?{the page's query}` → 200 {@link DealLinkVerification}: the
 *   claims only when the signature (HMAC-SHA256 with the site's SECRET_KEY) matches and the link has
 *   not expired; 400 naming the field when a parameter is too long or holds control characters.
 * - `GET /api/deal-pages/top-saving?preset={slug}` → 200 {@link TopSavingResponse}: the product of
 *   the preset's scope (or of the whole catalogue without `preset`) with the largest current
 *   verified saving, or null; 400 `preset: …` for an unknown slug.
 *
 * The owners create links with `POST /api/admin/deal-links` (deal-links.admin.schema.ts).
 */
import { z } from 'zod';
import { ASIN_PATTERN, isAllowedAmazonUrl } from '../affiliate';
import { productSchema } from './products.schema';
import { safeText } from './text.schema';
import { DEAL_LINK_LIMITS, DEAL_LINK_MAX_FEATURES, DEAL_PRESET_SLUGS } from '../deal-links';

export {
  DEAL_LINK_LIMITS,
  DEAL_LINK_MAX_FEATURES,
  DEAL_PRESET_SCOPES,
  DEAL_PRESET_SLUGS,
  type DealPresetScope,
  type DealPresetSlug,
} from '../deal-links';

const blankRule = 'must not be blank';
const text = (max: number) => safeText(max).trim().min(1, blankRule);

/**
 * What an owners' link may claim (spec §2.6's deal content fields): every field optional. `discount`
 * is a whole percent 1–99; `rating` 0–5 stars with at most one decimal place; `reviewCount` text
 * such as '12,000+'; `url` only an Amazon UK link; `asin` names a product of our catalogue, whose
 * facts the page shows under the claims. Numbers may arrive as strings (a URL's values).
 */
export const dealLinkClaimsSchema = z.object({
  asin: z
    .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string('must be a 10-character ASIN'))
    .pipe(z.string().regex(ASIN_PATTERN, 'must be a 10-character ASIN'))
    .optional(),
  title: text(DEAL_LINK_LIMITS.title).optional(),
  discount: z.coerce
    .number('must be a whole percent from 1 to 99')
    .int('must be a whole percent from 1 to 99')
    .min(1, 'must be a whole percent from 1 to 99')
    .max(99, 'must be a whole percent from 1 to 99')
    .optional(),
  description: text(DEAL_LINK_LIMITS.description).optional(),
  dealType: text(DEAL_LINK_LIMITS.dealType).optional(),
  urgencyText: text(DEAL_LINK_LIMITS.urgencyText).optional(),
  features: z.array(text(DEAL_LINK_LIMITS.feature)).min(1, 'must hold at least one line').max(DEAL_LINK_MAX_FEATURES).optional(),
  rating: z.coerce
    .number('must be stars from 0 to 5')
    .min(0, 'must be stars from 0 to 5')
    .max(5, 'must be stars from 0 to 5')
    .refine((v) => Number(v.toFixed(1)) === v, 'must have at most one decimal place (e.g. 4.5)')
    .optional(),
  reviewCount: safeText(DEAL_LINK_LIMITS.reviewCount)
    .trim()
    .regex(/^(\d{1,3}(,\d{3})*|\d+)\+?$/, "must be a count such as '12,000+'")
    .optional(),
  url: safeText(DEAL_LINK_LIMITS.url)
    .trim()
    .refine(isAllowedAmazonUrl, 'must be an Amazon UK link (amazon.co.uk, amzn.eu or amzn.to)')
    .optional(),
  search: text(DEAL_LINK_LIMITS.search).optional(),
});
export type DealLinkClaims = z.infer<typeof dealLinkClaimsSchema>;

/**
 * Claims as answers carry them: already checked by {@link dealLinkClaimsSchema}, so plain fields
 * (an answer's schema may not transform: the server encodes answers with it).
 */
export const shownDealLinkClaimsSchema = z.object({
  asin: z.string().optional(),
  title: z.string().optional(),
  discount: z.number().int().optional(),
  description: z.string().optional(),
  dealType: z.string().optional(),
  urgencyText: z.string().optional(),
  features: z.array(z.string()).optional(),
  rating: z.number().optional(),
  reviewCount: z.string().optional(),
  url: z.string().optional(),
  search: z.string().optional(),
});

/**
 * The URL parameters of the claims, in the one order the signature covers them. The spec's generic
 * deal parameters keep their names (title, discount, description, url, search); features are
 * `feature1`…`feature4`, so every parameter holds one value.
 */
export const DEAL_LINK_PARAMS = [
  'asin',
  'title',
  'discount',
  'description',
  'type',
  'urgency',
  'feature1',
  'feature2',
  'feature3',
  'feature4',
  'rating',
  'reviews',
  'url',
  'search',
] as const;
export type DealLinkParam = (typeof DEAL_LINK_PARAMS)[number];

/** The signature's parameters: expiry (Unix seconds) and the base64url HMAC-SHA256. */
export const DEAL_LINK_EXPIRY_PARAM = 'exp';
export const DEAL_LINK_SIGNATURE_PARAM = 'sig';

/** Claims → the URL's parameter values (strings), only those present. */
export function claimsToParams(claims: DealLinkClaims): Partial<Record<DealLinkParam, string>> {
  const values: Partial<Record<DealLinkParam, string>> = {};
  const put = (name: DealLinkParam, value: string | number | undefined) => {
    if (value !== undefined) values[name] = String(value);
  };
  put('asin', claims.asin);
  put('title', claims.title);
  put('discount', claims.discount);
  put('description', claims.description);
  put('type', claims.dealType);
  put('urgency', claims.urgencyText);
  (claims.features ?? []).slice(0, DEAL_LINK_MAX_FEATURES).forEach((f, i) => put(`feature${i + 1}` as DealLinkParam, f));
  put('rating', claims.rating);
  put('reviews', claims.reviewCount);
  put('url', claims.url);
  put('search', claims.search);
  return values;
}

/**
 * A URL's parameter values → claims, validated by {@link dealLinkClaimsSchema}; null when any value
 * breaks its rule. Only for values whose signature was checked: unsigned values are never claims.
 */
export function claimsFromParams(values: Partial<Record<DealLinkParam, string | undefined>>): DealLinkClaims | null {
  const features = (['feature1', 'feature2', 'feature3', 'feature4'] as const).flatMap((k) => (values[k] === undefined ? [] : [values[k]]));
  const parsed = dealLinkClaimsSchema.safeParse({
    asin: values.asin,
    title: values.title,
    discount: values.discount,
    description: values.description,
    dealType: values.type,
    urgencyText: values.urgency,
    features: features.length > 0 ? features : undefined,
    rating: values.rating,
    reviewCount: values.reviews,
    url: values.url,
    search: values.search,
  });
  return parsed.success ? parsed.data : null;
}

/** Longest value of each URL parameter the check accepts (a longer one was never signed). */
const PARAM_MAX: Record<DealLinkParam, number> = {
  asin: 10,
  title: DEAL_LINK_LIMITS.title,
  discount: 3,
  description: DEAL_LINK_LIMITS.description,
  type: DEAL_LINK_LIMITS.dealType,
  urgency: DEAL_LINK_LIMITS.urgencyText,
  feature1: DEAL_LINK_LIMITS.feature,
  feature2: DEAL_LINK_LIMITS.feature,
  feature3: DEAL_LINK_LIMITS.feature,
  feature4: DEAL_LINK_LIMITS.feature,
  rating: 3,
  reviews: DEAL_LINK_LIMITS.reviewCount,
  url: DEAL_LINK_LIMITS.url,
  search: DEAL_LINK_LIMITS.search,
};

/**
 * Query of `GET /api/deal-pages/verify-link`: the landing page's own query string. Each claim
 * parameter at most its claim's length, `exp` digits, `sig` base64url; other parameters (utm_*,
 * newuser) are ignored. A repeated parameter answers 400 (a signed link holds each once).
 */
export const dealLinkVerifyQuerySchema = z.object({
  ...(Object.fromEntries(DEAL_LINK_PARAMS.map((p) => [p, safeText(PARAM_MAX[p]).optional()])) as Record<
    DealLinkParam,
    z.ZodOptional<ReturnType<typeof safeText>>
  >),
  [DEAL_LINK_EXPIRY_PARAM]: safeText(12)
    .regex(/^\d{1,12}$/, 'must be a time in Unix seconds')
    .optional(),
  [DEAL_LINK_SIGNATURE_PARAM]: safeText(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a base64url signature')
    .optional(),
});
export type DealLinkVerifyQuery = z.infer<typeof dealLinkVerifyQuerySchema>;

/**
 * What the check found: `valid` (signed by this site, not expired: `claims` set), `expired` (signed,
 * past `expiresAt`), `invalid` (a signature that does not match: tampered or forged) or `unsigned`
 * (no signature). Only `valid` carries claims; the page shows nothing of the others' claims.
 */
export const dealLinkVerificationSchema = z.object({
  status: z.enum(['valid', 'expired', 'invalid', 'unsigned']),
  claims: shownDealLinkClaimsSchema.nullable(),
  /** When a signed link stops counting (ISO 8601); null when unsigned or invalid. */
  expiresAt: z.string().nullable(),
});
export type DealLinkVerification = z.infer<typeof dealLinkVerificationSchema>;

/** Query of `GET /api/deal-pages/top-saving`: `preset` one of the eight slugs, or absent for the whole catalogue. */
export const topSavingQuerySchema = z.object({
  preset: z.enum(DEAL_PRESET_SLUGS, { error: 'must be one of the eight preset slugs' }).optional(),
});

/**
 * The product with the largest current verified saving in the scope (its `discountPercent`,
 * `originalPrice` and `savingBasisLabel` say how much and against what), or null when none has one;
 * `withSaving` counts the products of the scope that have one.
 */
export const topSavingResponseSchema = z.object({
  product: productSchema.nullable(),
  withSaving: z.number().int(),
});
export type TopSavingResponse = z.infer<typeof topSavingResponseSchema>;
