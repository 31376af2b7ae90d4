/**
 * API shapes of issue 9's shopper-engagement calls (shopper-screens §3, §7; content-and-account-pages
 * §7): user preferences, product clicks, signup and sign-in. Validated on the server with zod; the
 * web app uses the inferred types only.
 */
import { z } from 'zod';
import { safeText } from './text.schema';
import { AFFILIATE_TAG_PATTERN, isAllowedAmazonUrl } from '../affiliate';
import { emailSchema } from './alerts.schema';
import { categoryPageSlugSchema } from './deals.schema';
import { SURVEY_CATEGORY_VALUES } from '../engagement';
import { VISIT_REF_PATTERN } from './visits.schema';

export { EMAIL_FREQUENCIES, SIGNUP_CONSENT_WORDING, SIGN_IN_MESSAGE, SURVEY_CATEGORIES } from '../engagement';

export const surveyCategorySchema = z.enum(SURVEY_CATEGORY_VALUES, { error: 'must be one of the eight survey categories' });
export const emailFrequencySchema = z.enum(['daily', 'weekly', 'monthly'], { error: 'must be daily, weekly or monthly' });

/** POST /api/user-preferences body. Categories are de-duplicated; an empty list is 'Skip for now'. */
export const savePreferencesSchema = z.object({
  email: emailSchema,
  preferredCategories: z
    .array(surveyCategorySchema)
    .max(8, 'must list at most 8 categories')
    .transform((list) => [...new Set(list)]),
  emailFrequency: emailFrequencySchema.default('weekly'),
  hasCompletedSurvey: z.boolean().default(true),
});
export type SavePreferencesInput = z.input<typeof savePreferencesSchema>;

export const preferencesSchema = z.object({
  email: z.string(),
  preferredCategories: z.array(z.string()),
  emailFrequency: emailFrequencySchema,
  hasCompletedSurvey: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
/** GET /api/user-preferences/{email}: the preferences, or null when none this visitor may read. */
export const preferencesResponseSchema = preferencesSchema.nullable();

/** A short free-text field: trimmed, at most `max` characters, blank → null. */
const shortText = (max: number) =>
  safeText(max)
    .transform((s) => (s.trim() === '' ? null : s.trim()))
    .nullish();

/** Campaign parameters carried from an e-mail (utm_source/medium/campaign), each up to 100 characters. */
export const campaignSchema = z.object({
  utm_source: shortText(100),
  utm_medium: shortText(100),
  utm_campaign: shortText(100),
});

/** An optional price in pounds as the spec sends it ("12.99", "£12.99", 12.99, null). */
const optionalPrice = z.union([safeText(30), z.number(), z.null()]).optional();

/**
 * POST /api/product-clicks body (shopper-screens §7; content-and-account-pages §7). `productAsin` is an
 * ASIN, a deal id or 'deal-page'; `userEmail` may be the anonymous placeholder (stored as null);
 * `affiliateUrl` must be an allowlisted Amazon link.
 */
export const productClickSchema = z
  .object({
    productAsin: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .regex(/^[A-Za-z0-9-]+$/, 'must be an ASIN or a deal id (letters, digits, hyphens)'),
    productTitle: shortText(500),
    userEmail: safeText(254).nullish(),
    affiliateUrl: safeText(2000).refine(isAllowedAmazonUrl, 'must be an Amazon UK link'),
    price: optionalPrice,
    originalPrice: optionalPrice,
    category: shortText(100),
    clickType: z.enum(['title', 'shop'], { error: 'must be title or shop' }).default('shop'),
    referrer: shortText(2000),
    imageUrl: safeText(2000).nullish(),
  })
  .extend(campaignSchema.shape);
export type ProductClickInput = z.input<typeof productClickSchema>;

export const productClickResponseSchema = z.object({ recorded: z.literal(true), affiliateTag: z.string() });

/** GET /go/{asin} query (issue 9 part 3). `nu=1` asks for the new-user tag; `url` an Amazon link. */
export const goQuerySchema = z
  .object({
    ct: z.enum(['title', 'shop'], { error: 'must be title or shop' }).default('shop'),
    nu: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).optional(),
    email: safeText(254).optional(),
    from: shortText(2000),
    deal: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, 'must be a deal id (letters, digits, hyphens)')
      .optional(),
    url: safeText(2000).refine(isAllowedAmazonUrl, 'must be an Amazon UK link').optional(),
    /** A category page's slug (issue 8): the server tags the link with that page's stored tag. */
    cp: categoryPageSlugSchema.optional(),
    /** The visit this browser session reported (POST /api/visits; issue 13), for campaign click-throughs. */
    visit: z.string().regex(VISIT_REF_PATTERN, 'must be a visit reference (32 hex characters)').optional(),
  })
  .extend(campaignSchema.shape);

/** An Associates tag as stored with a click. */
export const affiliateTagSchema = z.string().regex(AFFILIATE_TAG_PATTERN);

/** Where a signup came from (content-and-account-pages §7). */
export const signupSourceSchema = z.enum(['signup_page', 'signup_popup'], { error: 'must be signup_page or signup_popup' });

/** POST /api/signup body. */
export const signupSchema = z.object({
  email: emailSchema,
  source: signupSourceSchema,
  userAgent: shortText(500),
  referrer: shortText(2000),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /api/signup answer: the device token of this browser and the signup time (epoch ms). */
export const signupResponseSchema = z.object({
  email: z.string(),
  visitorToken: z.string(),
  signupTime: z.number().int(),
  message: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /api/sign-in body and answer (the same answer whether or not the address is known). */
export const signInSchema = z.object({ email: emailSchema });
export const signInResponseSchema = z.object({ message: z.string() });
