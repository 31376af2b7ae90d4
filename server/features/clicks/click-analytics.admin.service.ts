/**
 * The owners' click, category-click and e-mail analytics (admin-area §2 "Clicks tab",
 * "Category-clicks tab", §3 "Click stats", "Category click stats", "Email tracking", §7; issue 13).
 * Figures come from this instance's in-memory click index, brought up to date first
 * (click-log-cache.ts), so they are exact as of the request; the rows of a list are then read by
 * id. Every range is `[from, to)`; a London date `endDate` covers that whole day.
 *
 * Definitions (shown to owners beside the cards):
 * - a click from an e-mail / an e-mail visit carries `utm_source=email` or `utm_medium=email`;
 * - an anonymous click or visit has no tracking e-mail;
 * - unique users are distinct e-mail addresses; unique products distinct ASINs (or deal ids);
 * - click-through rate = visits from which a click to Amazon was made ÷ visits × 100, one decimal.
 */
import { penceToPriceString } from '../../../common/money';
import {
  CATEGORY_BREAKDOWN,
  CLICK_LIST_MAX,
  RECENT_CATEGORY_CLICKS,
  RECENT_EMAIL_VISITS,
  TOP_LIST_SIZE,
  USER_CLICKS_MAX,
  rangeEnd,
  rangeStart,
  type CategoryClickRow,
  type CategoryClickStats,
  type CategoryClicksResponse,
  type ClickStats,
  type EmailTracking,
  type ProductClickRow,
  type ProductClicksResponse,
  type UserClicksResponse,
} from '../../../common/api/click-analytics.admin.schema';
import type { Database } from '../../db/client';
import { FLAG_EMAIL_SOURCE, campaignParts } from './click-log';
import { countProductClicks, countVisits } from './click-log-counts';
import { freshClickLogs } from './click-log-cache';
import {
  categoryClicksByIds,
  clicksOfEmail,
  productClicksByIds,
  searchesIn,
  visitsByIds,
  type InstantRange,
  type ProductClickDbRow,
} from './click-analytics.queries';
import { newestPositions, rankCounts } from './click-analytics.rules';

/** A validated range: the instants and the dates as asked (echoed in answers and file names). */
export interface AnalyticsRange extends InstantRange {
  startDate: string | null;
  endDate: string | null;
}

/** The range of a validated `?startDate&endDate` query. */
export function toAnalyticsRange(query: { startDate?: string; endDate?: string }): AnalyticsRange {
  return {
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    from: query.startDate ? rangeStart(query.startDate) : null,
    to: query.endDate ? rangeEnd(query.endDate) : null,
  };
}

const echo = (range: AnalyticsRange) => ({ startDate: range.startDate, endDate: range.endDate });
const bounds = (range: InstantRange): [number, number] => [range.from?.getTime() ?? -Infinity, range.to?.getTime() ?? Infinity];
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A product click row in the API's shape (spec §3; prices in pounds as strings). */
export function toClickRow(r: Omit<ProductClickDbRow, 'affiliateTag'>): ProductClickRow {
  return {
    id: r.id,
    userEmail: r.email,
    productAsin: r.asin ?? r.dealId,
    productTitle: r.title,
    clickType: r.clickType,
    price: r.pricePence === null ? null : penceToPriceString(r.pricePence),
    originalPrice: r.originalPricePence === null ? null : penceToPriceString(r.originalPricePence),
    referrer: r.referrer,
    category: r.category,
    affiliateUrl: r.destinationUrl,
    utmSource: r.utmSource,
    utmMedium: r.utmMedium,
    utmCampaign: r.utmCampaign,
    clickedAt: r.clickedAt.toISOString(),
  };
}

/** `GET /api/admin/product-clicks-stats`: click stats of the range (spec §3) with the tab's cards and charts. */
export async function productClickStats(database: Database, range: AnalyticsRange, now: Date): Promise<ClickStats> {
  const { productClicks: log } = await freshClickLogs(database, now);
  const c = countProductClicks(log, ...bounds(range));
  const users = rankCounts(c.perUser, log.users);
  const keys = rankCounts(c.perKey, log.keys);
  const categories = rankCounts(c.perGroup, log.groups).map((i) => ({
    category: log.groups.values[i] as string,
    clicks: c.perGroup[i] as number,
  }));
  if (c.uncategorised > 0) categories.push({ category: 'Uncategorised', clicks: c.uncategorised });
  return {
    range: echo(range),
    totalClicks: c.total,
    uniqueUsers: users.length,
    uniqueProducts: keys.length,
    anonymousClicks: c.anonymous,
    topProducts: keys.slice(0, TOP_LIST_SIZE).map((i) => ({
      asin: log.keys.values[i] as string,
      title: log.keyLabels[i] ?? null,
      category: log.keyGroups[i] ?? null,
      clickCount: c.perKey[i] as number,
    })),
    clicksByEmail: users.slice(0, TOP_LIST_SIZE).map((i) => ({
      email: log.users.values[i] as string,
      clickCount: c.perUser[i] as number,
      lastClickedAt: new Date(c.lastAt[i] as number).toISOString(),
    })),
    clicksPerDay: c.perDay.series(),
    clicksByCategory: categories.sort((a, b) => b.clicks - a.clicks || a.category.localeCompare(b.category)),
  };
}

/**
 * Every user's and product's totals in the range, for the CSV exports (all rows, ranked as the
 * stats rank them).
 */
export async function rankedTotals(database: Database, range: AnalyticsRange, now: Date) {
  const { productClicks: log } = await freshClickLogs(database, now);
  const c = countProductClicks(log, ...bounds(range));
  return {
    products: rankCounts(c.perKey, log.keys).map((i) => ({
      asin: log.keys.values[i] as string,
      title: log.keyLabels[i] ?? null,
      category: log.keyGroups[i] ?? null,
      clickCount: c.perKey[i] as number,
    })),
    users: rankCounts(c.perUser, log.users).map((i) => ({
      email: log.users.values[i] as string,
      clickCount: c.perUser[i] as number,
      lastClickedAt: new Date(c.lastAt[i] as number).toISOString(),
    })),
  };
}

/**
 * `GET /api/admin/product-clicks`: the newest `limit` (≤ 50, spec §9) clicks of the range whose
 * e-mail contains `search` (case-insensitive; no search = every click, anonymous ones included),
 * and how many match in all (the list's count line).
 */
export async function productClickList(
  database: Database,
  range: AnalyticsRange,
  search: string | undefined,
  limit: number,
  now: Date,
): Promise<ProductClicksResponse> {
  const { productClicks: log } = await freshClickLogs(database, now);
  const needle = search?.trim().toLowerCase() ?? '';
  const match = needle ? Uint8Array.from(log.users.values, (email) => (email.includes(needle) ? 1 : 0)) : null;
  const [from, to] = bounds(range);
  const { positions, total } = newestPositions(log, Math.min(limit, CLICK_LIST_MAX), (i) => {
    const at = log.atMs[i] as number;
    if (at < from || at >= to) return false;
    if (!match) return true;
    const user = log.user[i] as number;
    return user >= 0 && match[user] === 1;
  });
  const rows = await productClicksByIds(
    database.db,
    positions.map((i) => log.idAt(i)),
  );
  return { range: echo(range), total, clicks: rows.map(toClickRow) };
}

/** `GET /api/admin/product-clicks/{email}`: that address's clicks in the range, newest first (≤ 500). */
export async function userClicks(database: Database, email: string, range: AnalyticsRange): Promise<UserClicksResponse> {
  const { rows, total } = await clicksOfEmail(database.db, email, range, USER_CLICKS_MAX);
  return { range: echo(range), email, total, clicks: rows.map(toClickRow) };
}

function toCategoryRow(r: Awaited<ReturnType<typeof categoryClicksByIds>>[number]): CategoryClickRow {
  return {
    id: r.id,
    categoryName: r.categoryName,
    categorySlug: r.categorySlug,
    userEmail: r.userEmail,
    clickedAt: r.clickedAt.toISOString(),
    pageUrl: r.pageUrl,
  };
}

/** `GET /api/admin/category-clicks`: the newest `limit` category button clicks of the range, and their count. */
export async function categoryClickList(
  database: Database,
  range: AnalyticsRange,
  limit: number,
  now: Date,
): Promise<CategoryClicksResponse> {
  const { categoryClicks: log } = await freshClickLogs(database, now);
  const [from, to] = bounds(range);
  const { positions, total } = newestPositions(log, limit, (i) => (log.atMs[i] as number) >= from && (log.atMs[i] as number) < to);
  const rows = await categoryClicksByIds(
    database.db,
    positions.map((i) => log.idAt(i)),
  );
  return { range: echo(range), total, clicks: rows.map(toCategoryRow) };
}

/** `GET /api/admin/category-clicks-stats`: category click stats of the range (spec §3, §2 "Category-clicks tab"). */
export async function categoryClickStats(database: Database, range: AnalyticsRange, now: Date): Promise<CategoryClickStats> {
  const { categoryClicks: log } = await freshClickLogs(database, now);
  const [from, to] = bounds(range);
  const perKey = new Int32Array(log.keys.size);
  const perUser = new Uint8Array(log.users.size);
  let total = 0;
  for (let i = 0; i < log.length; i++) {
    const at = log.atMs[i] as number;
    if (at < from || at >= to) continue;
    total++;
    perKey[log.key[i] as number]!++;
    const user = log.user[i] as number;
    if (user >= 0) perUser[user] = 1;
  }
  const ranked = rankCounts(perKey, (i) => log.keyLabels[i] ?? (log.keys.values[i] as string)).map((i) => ({
    categoryName: log.keyLabels[i] ?? (log.keys.values[i] as string),
    categorySlug: log.keys.values[i] as string,
    clickCount: perKey[i] as number,
  }));
  const recent = newestPositions(
    log,
    RECENT_CATEGORY_CLICKS,
    (i) => (log.atMs[i] as number) >= from && (log.atMs[i] as number) < to,
    false,
  );
  const rows = await categoryClicksByIds(
    database.db,
    recent.positions.map((i) => log.idAt(i)),
  );
  return {
    range: echo(range),
    totalClicks: total,
    uniqueUsers: perUser.reduce((n, v) => n + v, 0),
    categoriesTracked: ranked.length,
    topCategories: ranked.slice(0, CATEGORY_BREAKDOWN),
    clicksByCategory: ranked,
    clicks: rows.map(toCategoryRow),
  };
}

/** `GET /api/admin/email-tracking`: summary, campaigns and the recent e-mail visits of the range (spec §3). */
export async function emailTracking(database: Database, range: AnalyticsRange, now: Date): Promise<EmailTracking> {
  const logs = await freshClickLogs(database, now);
  const v = countVisits(logs.visits, ...bounds(range));
  const c = countProductClicks(logs.productClicks, ...bounds(range));
  const [from, to] = bounds(range);
  const recent = newestPositions(
    logs.visits,
    RECENT_EMAIL_VISITS,
    (i) => {
      const at = logs.visits.atMs[i] as number;
      return at >= from && at < to && ((logs.visits.flags[i] as number) & FLAG_EMAIL_SOURCE) !== 0;
    },
    false,
  );
  const [visitRows, totalSearches] = await Promise.all([
    visitsByIds(
      database.db,
      recent.positions.map((i) => logs.visits.idAt(i)),
    ),
    searchesIn(database.db, range),
  ]);
  const campaigns = rankCounts(v.perCampaign, logs.visits.campaigns).map((i) => ({
    ...campaignParts(logs.visits.campaigns.values[i] as string),
    visits: v.perCampaign[i] as number,
    clickThroughs: v.clickedPerCampaign[i] as number,
    clickThroughRate: percent(v.clickedPerCampaign[i] as number, v.perCampaign[i] as number),
  }));
  return {
    range: echo(range),
    summary: {
      totalWebsiteVisits: v.total,
      emailWebsiteVisits: v.fromEmail,
      anonymousWebsiteVisits: v.anonymous,
      totalAmazonAffiliateClicks: c.total,
      emailAmazonAffiliateClicks: c.fromEmail,
      anonymousAmazonAffiliateClicks: c.anonymous,
      totalSearches,
      clickThroughRate: percent(v.clicked, v.total),
      uniqueProducts: c.perKey.reduce((n, k) => n + (k > 0 ? 1 : 0), 0),
      uniqueUsers: c.perUser.reduce((n, k) => n + (k > 0 ? 1 : 0), 0),
    },
    campaigns,
    recentVisits: visitRows.map((r) => ({
      id: r.id,
      productTitle: r.title,
      productAsin: r.asin,
      path: r.path,
      userEmail: r.email,
      campaign: r.utmCampaign,
      visitedAt: r.visitedAt.toISOString(),
      clickedThrough: Boolean(r.clicked),
    })),
  };
}
