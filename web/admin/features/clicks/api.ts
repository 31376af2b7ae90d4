/**
 * Queries of the owners' click analytics (admin-area §2 "Clicks tab", "Category-clicks tab", §7;
 * issue 13). Every key is `adminTabKey(tabKey, …)`, so the shell's Refresh refetches the open tab.
 * E-mail tracking refetches every 30 s (spec §4 "Polling"). Dates are London calendar dates
 * (common/analytics-dates.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { rangeQuery, type DateRange } from '../../../../common/analytics-dates';
import type {
  AnalyticsOverview,
  CategoryClickStats,
  ClickStats,
  EmailTracking,
  ProductClicksResponse,
  UserClicksResponse,
} from '../../../../common/api/click-analytics.admin.schema';
import { adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

/** Spec §4: e-mail tracking refreshes every 30 seconds. */
export const EMAIL_TRACKING_REFRESH_MS = 30_000;

const get = <T>(url: string, signal: AbortSignal) => apiRequest<T>('GET', url, undefined, { signal });

export const clickStatsQuery = (tabKey: string, range: DateRange) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'product-clicks-stats', range),
    queryFn: ({ signal }) => get<ClickStats>(`/api/admin/product-clicks-stats${rangeQuery(range)}`, signal),
  });

export const productClicksQuery = (tabKey: string, range: DateRange, email: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'product-clicks', range, email),
    queryFn: ({ signal }) => get<ProductClicksResponse>(`/api/admin/product-clicks${rangeQuery(range, { email: email.trim() })}`, signal),
  });

export const userClicksQuery = (tabKey: string, email: string, range: DateRange) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'user-clicks', email, range),
    queryFn: ({ signal }) => get<UserClicksResponse>(userClicksUrl(email, range), signal),
  });

export const categoryClickStatsQuery = (tabKey: string, range: DateRange) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'category-clicks-stats', range),
    queryFn: ({ signal }) => get<CategoryClickStats>(`/api/admin/category-clicks-stats${rangeQuery(range)}`, signal),
  });

export const emailTrackingQuery = (tabKey: string, range: DateRange) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'email-tracking', range),
    queryFn: ({ signal }) => get<EmailTracking>(`/api/admin/email-tracking${rangeQuery(range)}`, signal),
    refetchInterval: EMAIL_TRACKING_REFRESH_MS,
  });

/** The overview of a period beside the one before it (issue 29 point 8; London dates only). */
export const analyticsOverviewQuery = (tabKey: string, range: DateRange) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'analytics-overview', range),
    queryFn: ({ signal }) => get<AnalyticsOverview>(`/api/admin/analytics-overview${rangeQuery(range)}`, signal),
  });

/** `GET /api/admin/product-clicks/{email}` (JSON, or CSV for the per-user export). */
export function userClicksUrl(email: string, range: DateRange, format?: 'csv'): string {
  return `/api/admin/product-clicks/${encodeURIComponent(email)}${rangeQuery(range, { format })}`;
}

/** The five CSV exports of spec §2 and §7, in the spec's order. */
export const CLICK_EXPORT_LINKS = [
  { path: 'top-products-csv', label: 'Top products by clicks' },
  { path: 'users-by-activity-csv', label: 'Users by activity' },
  { path: 'recent-clicks-csv', label: 'Recent product clicks' },
  { path: 'signed-up-users-clicks-csv', label: 'Signed-up users clicks' },
  { path: 'anonymous-users-clicks-csv', label: 'Anonymous users clicks' },
] as const;

export const exportUrl = (path: string, range: DateRange) => `/api/admin/export/${path}${rangeQuery(range)}`;
