/**
 * API shapes of saved searches (keyword and category alerts), the shopper's "Sent to you" record
 * and the private alert feed (issue 30 "Keyword and category alerts", "The shopper's own record";
 * docs/decisions/0031-saved-searches.md). Money crosses the API as pound strings ("199.99") and is
 * pence inside (DESIGN.md §4 "Money").
 */
import { z } from 'zod';
import { SHOPPER_CATEGORY_KEYS } from '../categories';
import { parsePriceToPence } from '../money';
import { emailSchema } from './alerts.schema';
import { safeText } from './text.schema';
import { SAVED_SEARCH_FREQUENCIES } from '../saved-searches';

export {
  ALERT_FEED_FORMATS,
  alertFeedPath,
  MAX_SAVED_SEARCHES_PER_ADDRESS,
  SAVED_SEARCH_API,
  SAVED_SEARCH_FREQUENCIES,
  type AlertFeedFormat,
  type SavedSearchFrequency,
} from '../saved-searches';

/** A blank string or null as "not given". */
const blankAsUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * POST /api/saved-searches body (issue 30 "Interfaces"): `keywords` are the words as typed (at most
 * 200 characters; may be blank only when `category` is given), `category` one of the ten shopper
 * keys, `maxPrice` a pound price ("£199.99", 199.99), `minSavingPercent` a whole percent 1–90 of
 * verified saving, `frequency` instant | daily | weekly. The output adds `maxPricePence`.
 */
export const createSavedSearchSchema = z
  .object({
    userEmail: safeText(1000).pipe(emailSchema),
    keywords: safeText(200).trim().default(''),
    category: z.preprocess(blankAsUndefined, z.enum(SHOPPER_CATEGORY_KEYS, { error: 'must be one of the ten category keys' }).optional()),
    maxPrice: z.preprocess(blankAsUndefined, z.union([safeText(50), z.number()]).optional()),
    minSavingPercent: z.preprocess(
      blankAsUndefined,
      z.coerce.number().int('must be a whole percent').min(1, 'must be at least 1').max(90, 'must be at most 90').optional(),
    ),
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'must be instant, daily or weekly' }),
  })
  .transform((v, ctx) => {
    if (v.keywords === '' && v.category === undefined) {
      ctx.addIssue({ code: 'custom', path: ['keywords'], message: 'must hold a word, or choose a category' });
      return z.NEVER;
    }
    let maxPricePence: number | undefined;
    if (v.maxPrice !== undefined) {
      const parsed = parsePriceToPence(v.maxPrice);
      if (!parsed.ok || parsed.pence <= 0) {
        ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'must be a price in pounds above 0, such as 199.99' });
        return z.NEVER;
      }
      maxPricePence = parsed.pence;
    }
    return { ...v, maxPricePence };
  });
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

/** One saved search as the API answers it. */
export const savedSearchSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  keywords: z.string(),
  category: z.string().nullable(),
  /** Pound string ("199.99") or null. */
  maxPrice: z.string().nullable(),
  minSavingPercent: z.number().int().nullable(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  isActive: z.boolean(),
  /** True while it waits for the address's owner to open the link we e-mailed (as alerts do, issue 25). */
  awaitingConfirmation: z.boolean(),
  /** Products it matched so far (each e-mailed once). */
  matches: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** POST /api/saved-searches answer: the search, this browser's visitor token, and whether the address is proved. */
export const createSavedSearchResponseSchema = savedSearchSchema.extend({
  visitorToken: z.string(),
  emailConfirmed: z.boolean(),
});
export type CreateSavedSearchResponse = z.infer<typeof createSavedSearchResponseSchema>;

export const savedSearchListSchema = z.array(savedSearchSchema);

/** One alert e-mail of the "Sent to you" record: when, what kind, and each product with its price then. */
export const sentAlertEmailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['price-drop', 'saved-search']),
  subject: z.string(),
  /** When it was sent (ISO 8601); null while it waits in the outbox. */
  sentAt: z.string().nullable(),
  /** When we queued it (ISO 8601). */
  createdAt: z.string(),
  items: z.array(
    z.object({
      asin: z.string(),
      title: z.string(),
      /** The price the e-mail stated (pound string). */
      price: z.string(),
      /** The price before, for a price drop (pound string), else null. */
      previousPrice: z.string().nullable(),
    }),
  ),
});
export type SentAlertEmail = z.infer<typeof sentAlertEmailSchema>;
export const sentAlertEmailListSchema = z.array(sentAlertEmailSchema);

/** GET /api/alert-feed: whether this visitor has a live private feed, and since when. */
export const alertFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type AlertFeedStatus = z.infer<typeof alertFeedStatusSchema>;

/**
 * POST /api/alert-feed answer: the new feed's two addresses (Atom and RSS 2.0). They are shown only
 * now: the server keeps only a hash of the token, so a lost address means making a new one.
 */
export const alertFeedCreatedSchema = z.object({
  atomUrl: z.string(),
  rssUrl: z.string(),
  createdAt: z.string(),
});
export type AlertFeedCreated = z.infer<typeof alertFeedCreatedSchema>;
