/**
 * API shapes of the owners' click, category-click and e-mail analytics (admin-area §3 "Click
 * stats", "Category click stats", "Email tracking"; §7; issue 13). Query schemas refuse unknown
 * parameters (400 naming each) and check the dates: ISO 8601, start ≤ end, at most 5 years apart.
 */
import { z } from 'zod';
import { addLondonYears, londonDayEnd, londonDayStart } from '../analytics-dates';
import { safeText } from './text.schema';

/** Longest range the analytics answer for (issue 13 "Bad input"). */
export const MAX_RANGE_YEARS = 5;
/** Spec §9: the all-clicks list shows 50. */
export const CLICK_LIST_MAX = 50;
/** Rows of the collapsible Top Products and Users lists (the CSV exports hold them all). */
export const TOP_LIST_SIZE = 20;
/** Spec §9: category breakdown 6, top products card 3, top e-mails 3, recent category clicks 10. */
export const CATEGORY_BREAKDOWN = 6;
export const TOP_CARD_SIZE = 3;
export const RECENT_CATEGORY_CLICKS = 10;
/** Rows of the Recent Email Visits table. */
export const RECENT_EMAIL_VISITS = 20;
/** Most clicks `GET /api/admin/product-clicks/{email}` lists (newest first). */
export const USER_CLICKS_MAX = 500;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar date (2026-02-30 is not). */
function isCalendarDate(text: string): boolean {
  const m = DATE_ONLY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const isoDate = safeText(40)
  .trim()
  .refine(
    (v) => isCalendarDate(v) || (DATE_TIME.test(v) && isCalendarDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))),
    'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone (2026-03-29T00:00:00Z)',
  )
  .optional();

/** First instant of `startDate`: London midnight for a date, the instant itself for a date-time. */
export function rangeStart(startDate: string): Date {
  return DATE_ONLY.test(startDate) ? londonDayStart(startDate) : new Date(startDate);
}
/** Exclusive end of an inclusive `endDate`: the next London midnight, or the instant plus 1 ms. */
export function rangeEnd(endDate: string): Date {
  return DATE_ONLY.test(endDate) ? londonDayEnd(endDate) : new Date(new Date(endDate).getTime() + 1);
}

const rangeShape = { startDate: isoDate, endDate: isoDate };

type RangeFields = { startDate?: string; endDate?: string };

/** Start ≤ end and at most {@link MAX_RANGE_YEARS} years, both named in the 400. */
function checkRange(value: RangeFields, ctx: z.RefinementCtx): void {
  if (!value.startDate || !value.endDate) return;
  const from = rangeStart(value.startDate);
  const to = rangeEnd(value.endDate);
  if (to.getTime() <= from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
  } else if (to.getTime() > addLondonYears(from, MAX_RANGE_YEARS).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${MAX_RANGE_YEARS} years after startDate` });
  }
}

/** A query object with the date range and `extra` fields; any other key is a 400 naming it ("foo: is not a filter of this endpoint"). */
function rangeQuery<T extends z.ZodRawShape>(extra: T) {
  const known = new Set(['startDate', 'endDate', ...Object.keys(extra)]);
  return z.looseObject({ ...rangeShape, ...extra }).superRefine((v, ctx) => {
    for (const key of Object.keys(v)) {
      if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a filter of this endpoint' });
    }
    checkRange(v as RangeFields, ctx);
  });
}

/** `?startDate&endDate` only: the stats endpoints, email-tracking and the CSV exports. */
export const analyticsRangeQuerySchema = rangeQuery({});
export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>;

/** `GET /api/admin/product-clicks`: the range, an e-mail search (part of an address) and a limit ≤ 50. */
export const productClicksQuerySchema = rangeQuery({
  email: safeText(254)
    .trim()
    .transform((s) => s.toLowerCase())
    .optional(),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(CLICK_LIST_MAX).default(CLICK_LIST_MAX),
});
export type ProductClicksQuery = z.output<typeof productClicksQuerySchema>;

/** `GET /api/admin/product-clicks/{email}`: the range and the answer's format (json, or csv for the per-user export). */
export const userClicksQuerySchema = rangeQuery({
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});

/** `GET /api/admin/category-clicks`: the range and a limit (default 50, at most 500). */
export const categoryClicksQuerySchema = rangeQuery({
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(500).default(50),
});

/** Echo of the range an answer covers (London dates or the instants given). */
const rangeEcho = z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() });

export const topProductSchema = z.object({
  asin: z.string(),
  title: z.string().nullable(),
  category: z.string().nullable(),
  clickCount: z.number().int(),
});
export const userActivitySchema = z.object({ email: z.string(), clickCount: z.number().int(), lastClickedAt: z.string() });

/** Click stats (spec §3) plus the figures of the Clicks tab's cards and charts. */
export const clickStatsSchema = z.object({
  range: rangeEcho,
  totalClicks: z.number().int(),
  uniqueUsers: z.number().int(),
  uniqueProducts: z.number().int(),
  anonymousClicks: z.number().int(),
  topProducts: z.array(topProductSchema),
  clicksByEmail: z.array(userActivitySchema),
  /** London days of the range that have clicks, oldest first, plus the days between them at 0. */
  clicksPerDay: z.array(z.object({ date: z.string(), clicks: z.number().int() })),
  clicksByCategory: z.array(z.object({ category: z.string(), clicks: z.number().int() })),
});
export type ClickStats = z.infer<typeof clickStatsSchema>;

/** One product click (spec §3 "Product click"); prices in pounds as strings ("12.99") or null. */
export const productClickRowSchema = z.object({
  id: z.number().int(),
  userEmail: z.string().nullable(),
  productAsin: z.string().nullable(),
  productTitle: z.string().nullable(),
  clickType: z.string(),
  price: z.string().nullable(),
  originalPrice: z.string().nullable(),
  referrer: z.string().nullable(),
  category: z.string().nullable(),
  affiliateUrl: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  clickedAt: z.string(),
});
export type ProductClickRow = z.infer<typeof productClickRowSchema>;

/** `GET /api/admin/product-clicks`: the newest `limit` matching clicks and how many match in all. */
export const productClicksResponseSchema = z.object({ range: rangeEcho, total: z.number().int(), clicks: z.array(productClickRowSchema) });
export type ProductClicksResponse = z.infer<typeof productClicksResponseSchema>;

/** `GET /api/admin/product-clicks/{email}`: that address's clicks, newest first (at most 500), and their count. */
export const userClicksResponseSchema = z.object({
  range: rangeEcho,
  email: z.string(),
  total: z.number().int(),
  clicks: z.array(productClickRowSchema),
});
export type UserClicksResponse = z.infer<typeof userClicksResponseSchema>;

export const categoryClickRowSchema = z.object({
  id: z.number().int(),
  categoryName: z.string(),
  categorySlug: z.string(),
  userEmail: z.string().nullable(),
  clickedAt: z.string(),
  pageUrl: z.string().nullable(),
});
export type CategoryClickRow = z.infer<typeof categoryClickRowSchema>;

export const categoryClicksResponseSchema = z.object({
  range: rangeEcho,
  total: z.number().int(),
  clicks: z.array(categoryClickRowSchema),
});
export type CategoryClicksResponse = z.infer<typeof categoryClicksResponseSchema>;

/** Category click stats (spec §3): `topCategories` holds the top 6, `clicksByCategory` every category. */
export const categoryClickStatsSchema = z.object({
  range: rangeEcho,
  totalClicks: z.number().int(),
  uniqueUsers: z.number().int(),
  categoriesTracked: z.number().int(),
  topCategories: z.array(z.object({ categoryName: z.string(), categorySlug: z.string(), clickCount: z.number().int() })),
  clicksByCategory: z.array(z.object({ categoryName: z.string(), categorySlug: z.string(), clickCount: z.number().int() })),
  /** The 10 newest clicks. */
  clicks: z.array(categoryClickRowSchema),
});
export type CategoryClickStats = z.infer<typeof categoryClickStatsSchema>;

/** Email tracking (spec §3). Rates are percentages with one decimal (0 when there is nothing to divide by). */
export const emailTrackingSchema = z.object({
  range: rangeEcho,
  summary: z.object({
    totalWebsiteVisits: z.number().int(),
    emailWebsiteVisits: z.number().int(),
    anonymousWebsiteVisits: z.number().int(),
    totalAmazonAffiliateClicks: z.number().int(),
    emailAmazonAffiliateClicks: z.number().int(),
    anonymousAmazonAffiliateClicks: z.number().int(),
    totalSearches: z.number().int(),
    /** Visits that went on to Amazon ÷ visits × 100. */
    clickThroughRate: z.number(),
    uniqueProducts: z.number().int(),
    uniqueUsers: z.number().int(),
  }),
  campaigns: z.array(
    z.object({
      campaign: z.string().nullable(),
      source: z.string().nullable(),
      medium: z.string().nullable(),
      visits: z.number().int(),
      /** Visits of the campaign that went on to Amazon. */
      clickThroughs: z.number().int(),
      clickThroughRate: z.number(),
    }),
  ),
  recentVisits: z.array(
    z.object({
      id: z.number().int(),
      productTitle: z.string().nullable(),
      productAsin: z.string().nullable(),
      path: z.string(),
      userEmail: z.string().nullable(),
      campaign: z.string().nullable(),
      visitedAt: z.string(),
      clickedThrough: z.boolean(),
    }),
  ),
});
export type EmailTracking = z.infer<typeof emailTrackingSchema>;

/** Rows of the overview's top pages and top referrers. */
export const OVERVIEW_TOP_SIZE = 10;

const overviewDate = safeText(40).trim().refine(isCalendarDate, 'must be a date YYYY-MM-DD (a whole London day)').optional();

/**
 * `GET /api/admin/analytics-overview?startDate&endDate` (issue 29 point 8): London dates only (the
 * roll-ups are daily), start ≤ end, at most {@link MAX_RANGE_YEARS} years; a start alone runs to
 * today; none is All Time (no comparison). Any other parameter is a 400 naming it.
 */
export const analyticsOverviewQuerySchema = z.looseObject({ startDate: overviewDate, endDate: overviewDate }).superRefine((v, ctx) => {
  for (const key of Object.keys(v)) {
    if (key !== 'startDate' && key !== 'endDate')
      ctx.addIssue({ code: 'custom', path: [key], message: 'is not a filter of this endpoint' });
  }
  if (v.endDate && !v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'is required with endDate' });
  checkRange(v as RangeFields, ctx);
});
export type AnalyticsOverviewQuery = z.output<typeof analyticsOverviewQuerySchema>;

/** A period's funnel: visits → visits landing on a product page → visits that clicked through; clicks to Amazon. */
export const periodFiguresSchema = z.object({
  visits: z.number().int(),
  /** Visits that landed on a product page (/deals/{ASIN}). */
  productVisits: z.number().int(),
  /** Visits from which at least one click to Amazon was made. */
  clickedVisits: z.number().int(),
  /** Clicks to Amazon (through /go or the click API), whether or not they name a visit. */
  clicks: z.number().int(),
  /** clickedVisits ÷ visits × 100, one decimal (0 with no visits). */
  clickThroughRate: z.number(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

const rankedRow = z.object({ key: z.string(), visits: z.number().int(), clickedVisits: z.number().int() });

/** The owners' overview of a period beside the one before it (issue 29 point 8), read from the daily roll-ups. */
export const analyticsOverviewSchema = z.object({
  /** The London dates covered (both null: All Time). */
  range: rangeEcho,
  /** The period of equal length just before (null for All Time). */
  previousRange: rangeEcho.nullable(),
  current: periodFiguresSchema,
  previous: periodFiguresSchema.nullable(),
  /** Every London day of the range (All Time: from the first day with data), oldest first. */
  perDay: z.array(z.object({ date: z.string(), visits: z.number().int(), clickedVisits: z.number().int(), clicks: z.number().int() })),
  /** Landing pages by visits (our own paths; product pages as one each kind: '/deals/{ASIN}', '/deal/{ASIN}'), at most {@link OVERVIEW_TOP_SIZE}. */
  topPages: z.array(rankedRow),
  /** Referring sites by visits (hosts; '' = none: typed, bookmarked or from an app), at most {@link OVERVIEW_TOP_SIZE}. */
  topReferrers: z.array(rankedRow),
  /** Device classes: 'mobile' | 'tablet' | 'desktop' | 'unknown' (recorded before classes were kept), by visits. */
  devices: z.array(z.object({ key: z.string(), visits: z.number().int(), clicks: z.number().int() })),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
