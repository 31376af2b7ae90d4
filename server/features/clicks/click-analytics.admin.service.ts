/**
 * The owners' click, category-click and e-mail analytics (admin-area §2 "Clicks tab",
 * "Category-clicks tab", §3 "Click stats", "Category click stats", "Email tracking", §7; issue 13).
 * Counts come from the database's roll-ups (click-rollups.queries.ts; migrations 0020 and 0025,
 * decision 0028): whole London days from the roll-ups, the partial days at a date-time bound from
 * the raw rows, so they are exact as of the request whichever instance recorded the events, and no
 * server keeps an index of them (issue 31). Lists are the newest rows of the range, read through the
 * time indexes. Every range is `[from, to)`; a London date `endDate` covers that whole day.
 *
 * Definitions (shown to owners beside the cards):
 * - a click from an e-mail / an e-mail visit carries `utm_source=email` or `utm_medium=email`;
 * - an anonymous click or visit has no tracking e-mail;
 * - unique users are distinct e-mail addresses; unique products distinct ASINs (or deal ids);
 * - click-through rate = visits from which a click to Amazon was made ÷ visits × 100, one decimal.
 * Ranked lists: most first, ties by name A→Z (`Intl.Collator`).
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
import {
  clicksOfEmail,
  newestCategoryClicks,
  newestEmailVisits,
  newestProductClicks,
  searchesIn,
  type InstantRange,
  type ProductClickDbRow,
} from './click-analytics.queries';
import {
  clicksPerDay,
  keyCount,
  keySums,
  lastClicks,
  productLabels,
  rollupSpan,
  splitRange,
  sumOfKeysContaining,
  topKeySums,
  totalSums,
  type KeySums,
} from './click-rollups.queries';
import { dayNumberDate } from './click-analytics.rules';

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

const collator = new Intl.Collator();
/** Most first, ties by key A→Z. */
const ranked = (rows: KeySums[]) => rows.sort((a, b) => b.n - a.n || collator.compare(a.key, b.key));
const DAY_MS = 86_400_000;

/** Every London day from the first to the last day with clicks, with 0 for the days between. */
function daySeries(days: Array<{ date: string; clicks: number }>): ClickStats['clicksPerDay'] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const counts = new Map(days.map((d) => [d.date, d.clicks]));
  const out: ClickStats['clicksPerDay'] = [];
  for (let d = Date.parse(first.date) / DAY_MS; d <= Date.parse(last.date) / DAY_MS; d++) {
    const date = dayNumberDate(d);
    out.push({ date, clicks: counts.get(date) ?? 0 });
  }
  return out;
}

/** `GET /api/admin/product-clicks-stats`: click stats of the range (spec §3) with the tab's cards and charts. */
export async function productClickStats(database: Database, range: AnalyticsRange): Promise<ClickStats> {
  const db = database.db;
  const span = await rollupSpan(db, range);
  const [total, anonymous, products, users, perDay, categories] = await Promise.all([
    totalSums(db, 'clicks', span),
    totalSums(db, 'click_anonymous', span),
    topKeySums(db, 'product', span, TOP_LIST_SIZE),
    topKeySums(db, 'click_email', span, TOP_LIST_SIZE),
    clicksPerDay(db, span),
    keySums(db, 'click_category', span),
  ]);
  const topProducts = ranked(products.rows).slice(0, TOP_LIST_SIZE);
  const topUsers = ranked(users.rows).slice(0, TOP_LIST_SIZE);
  const [labels, last] = await Promise.all([
    productLabels(
      db,
      topProducts.map((p) => p.key),
    ),
    lastClicks(
      db,
      topUsers.map((u) => u.key),
      range,
    ),
  ]);
  return {
    range: echo(range),
    totalClicks: total.n,
    uniqueUsers: users.keys,
    uniqueProducts: products.keys,
    anonymousClicks: anonymous.n,
    topProducts: topProducts.map((p) => ({
      asin: p.key,
      title: labels.get(p.key)?.title ?? null,
      category: labels.get(p.key)?.category ?? null,
      clickCount: p.n,
    })),
    clicksByEmail: topUsers.map((u) => ({
      email: u.key,
      clickCount: u.n,
      lastClickedAt: new Date(last.get(u.key) ?? 0).toISOString(),
    })),
    clicksPerDay: daySeries(perDay),
    clicksByCategory: categories
      .map((c) => ({ category: c.key === '' ? 'Uncategorised' : c.key, clicks: c.n }))
      .sort((a, b) => b.clicks - a.clicks || a.category.localeCompare(b.category)),
  };
}

/**
 * Every user's and product's totals in the range, for the CSV exports (all rows, ranked as the
 * stats rank them; one index probe per product for its labels and per address for its last click).
 */
export async function rankedTotals(database: Database, range: AnalyticsRange, which: 'products' | 'users') {
  const db = database.db;
  const span = await rollupSpan(db, range);
  if (which === 'products') {
    const products = ranked(await keySums(db, 'product', span));
    const labels = await productLabels(
      db,
      products.map((p) => p.key),
    );
    return {
      products: products.map((p) => ({
        asin: p.key,
        title: labels.get(p.key)?.title ?? null,
        category: labels.get(p.key)?.category ?? null,
        clickCount: p.n,
      })),
      users: [],
    };
  }
  const users = ranked(await keySums(db, 'click_email', span));
  const last = await lastClicks(
    db,
    users.map((u) => u.key),
    range,
  );
  return {
    products: [],
    users: users.map((u) => ({ email: u.key, clickCount: u.n, lastClickedAt: new Date(last.get(u.key) ?? 0).toISOString() })),
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
): Promise<ProductClicksResponse> {
  const needle = search?.trim().toLowerCase() ?? '';
  const span = splitRange(range);
  const [rows, total] = await Promise.all([
    newestProductClicks(database.db, range, needle, Math.min(limit, CLICK_LIST_MAX)),
    needle ? sumOfKeysContaining(database.db, 'click_email', span, needle) : totalSums(database.db, 'clicks', span).then((t) => t.n),
  ]);
  return { range: echo(range), total, clicks: rows.map(toClickRow) };
}

/** `GET /api/admin/product-clicks/{email}`: that address's clicks in the range, newest first (≤ 500). */
export async function userClicks(database: Database, email: string, range: AnalyticsRange): Promise<UserClicksResponse> {
  const { rows, total } = await clicksOfEmail(database.db, email, range, USER_CLICKS_MAX);
  return { range: echo(range), email, total, clicks: rows.map(toClickRow) };
}

function toCategoryRow(r: Awaited<ReturnType<typeof newestCategoryClicks>>[number]): CategoryClickRow {
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
export async function categoryClickList(database: Database, range: AnalyticsRange, limit: number): Promise<CategoryClicksResponse> {
  const [rows, buttons] = await Promise.all([
    newestCategoryClicks(database.db, range, limit),
    keySums(database.db, 'category_button', splitRange(range)),
  ]);
  return { range: echo(range), total: buttons.reduce((n, b) => n + b.n, 0), clicks: rows.map(toCategoryRow) };
}

/**
 * `GET /api/admin/category-clicks-stats`: category click stats of the range (spec §3, §2
 * "Category-clicks tab"). A category's name is the one most of its clicks in the range carry (names
 * are ours per slug, so there is one unless an owners' page was renamed).
 */
export async function categoryClickStats(database: Database, range: AnalyticsRange): Promise<CategoryClickStats> {
  const span = splitRange(range);
  const [buttons, users, recent] = await Promise.all([
    keySums(database.db, 'category_button', span),
    keyCount(database.db, 'category_button_user', span),
    newestCategoryClicks(database.db, range, RECENT_CATEGORY_CLICKS),
  ]);
  const perSlug = new Map<string, { name: string; nameClicks: number; clicks: number }>();
  for (const b of buttons) {
    const cut = b.key.indexOf('\u0001');
    const slug = b.key.slice(0, cut);
    const name = b.key.slice(cut + 1) || slug;
    const seen = perSlug.get(slug);
    if (!seen) perSlug.set(slug, { name, nameClicks: b.n, clicks: b.n });
    else {
      seen.clicks += b.n;
      if (b.n > seen.nameClicks) Object.assign(seen, { name, nameClicks: b.n });
    }
  }
  const categories = [...perSlug]
    .map(([slug, c]) => ({ categoryName: c.name, categorySlug: slug, clickCount: c.clicks }))
    .sort((a, b) => b.clickCount - a.clickCount || collator.compare(a.categoryName, b.categoryName));
  return {
    range: echo(range),
    totalClicks: categories.reduce((n, c) => n + c.clickCount, 0),
    uniqueUsers: users,
    categoriesTracked: categories.length,
    topCategories: categories.slice(0, CATEGORY_BREAKDOWN),
    clicksByCategory: categories,
    clicks: recent.map(toCategoryRow),
  };
}

/** The utm parameters of a campaign key (source, medium, campaign joined by U+0001; empty parts are null). */
function campaignParts(key: string): { source: string | null; medium: string | null; campaign: string | null } {
  const [source = '', medium = '', campaign = ''] = key.split('\u0001');
  return { source: source || null, medium: medium || null, campaign: campaign || null };
}

/** `GET /api/admin/email-tracking`: summary, campaigns and the recent e-mail visits of the range (spec §3). */
export async function emailTracking(database: Database, range: AnalyticsRange): Promise<EmailTracking> {
  const db = database.db;
  const span = await rollupSpan(db, range);
  const [visits, emailVisits, anonymousVisits, campaigns, clicks, emailClicks, anonymousClicks, products, users, recent, totalSearches] =
    await Promise.all([
      totalSums(db, 'visits', span),
      totalSums(db, 'visit_email_source', span),
      totalSums(db, 'visit_anonymous', span),
      keySums(db, 'campaign', span),
      totalSums(db, 'clicks', span),
      totalSums(db, 'click_email_source', span),
      totalSums(db, 'click_anonymous', span),
      keyCount(db, 'product', span),
      keyCount(db, 'click_email', span),
      newestEmailVisits(db, range, RECENT_EMAIL_VISITS),
      searchesIn(db, range),
    ]);
  return {
    range: echo(range),
    summary: {
      totalWebsiteVisits: visits.n,
      emailWebsiteVisits: emailVisits.n,
      anonymousWebsiteVisits: anonymousVisits.n,
      totalAmazonAffiliateClicks: clicks.n,
      emailAmazonAffiliateClicks: emailClicks.n,
      anonymousAmazonAffiliateClicks: anonymousClicks.n,
      totalSearches,
      clickThroughRate: percent(visits.m, visits.n),
      uniqueProducts: products,
      uniqueUsers: users,
    },
    campaigns: ranked(campaigns).map((c) => ({
      ...campaignParts(c.key),
      visits: c.n,
      clickThroughs: c.m,
      clickThroughRate: percent(c.m, c.n),
    })),
    recentVisits: recent.map((r) => ({
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
