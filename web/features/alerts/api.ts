/**
 * Deal-alert calls (shopper-screens §7; DESIGN.md §4 "Visitors"): every read or delete carries the
 * visitor token of the stored e-mail. Fetchers, query options and hooks side by side.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealAlert, SubscriberStatus } from '../../../common/api/alerts.schema';
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { CurrentPriceResponse } from '../../../common/api/products.schema';
import { tokenForAddress } from '../../lib/visitor-token';
import { apiRequest } from '../../lib/http.client';
import type { AlertType } from '../../../common/alert-kinds';
import { canRead, type VisitorCredentials } from './alerts.query';

// The alerts list's query sits in its own module: the shell's bell reads it (first-load JS, §7).
export { alertsQuery, AUTO_PRICE_CHECK_DELAY_MS, useAlerts, useAutoPriceCheck, type VisitorCredentials } from './alerts.query';

/** GET /api/subscribers/status answer (common/api). */
export type { SubscriberStatus };

/** GET /api/subscribers/status (token) → double opt-in state of the address; only while `enabled`. */
export function useSubscriberStatus(visitor: VisitorCredentials, enabled: boolean) {
  return useQuery({
    queryKey: ['subscriber-status', visitor.email, visitor.token],
    queryFn: ({ signal }) => apiRequest<SubscriberStatus>('GET', '/api/subscribers/status', undefined, { token: visitor.token, signal }),
    enabled: enabled && canRead(visitor),
    // Confirming happens in another tab (the e-mail link): ask again each time the panel opens.
    staleTime: 0,
  });
}

/**
 * GET /api/amazon/current-price/:asin → the stored price and its time (never a live Amazon call,
 * DESIGN.md §5). Fetched afresh each time the alert dialog opens.
 */
export function useCurrentPrice(asin: string | null) {
  return useQuery({
    queryKey: ['current-price', asin],
    queryFn: ({ signal }) =>
      apiRequest<CurrentPriceResponse>('GET', `/api/amazon/current-price/${encodeURIComponent(asin ?? '')}`, undefined, { signal }),
    enabled: asin !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/deal-alerts body (prices as pound strings without £ or commas, spec §5). */
export interface CreateAlertBody {
  productAsin: string;
  productTitle: string;
  /** A hint only (the server takes its own price); absent when the page shows none (decision 0014). */
  currentPrice?: string;
  /** The kind (issue 30); the server's default when absent: target_price with a target, else any_drop. */
  alertType?: AlertType;
  /** With 'target_price': pounds such as "12.99". */
  targetPrice?: string;
  /** With 'percent_drop': whole percent 1–90. */
  dropPercent?: number;
  productImageUrl: string | null;
  productUrl: string;
  userEmail: string;
  isActive: true;
}

export type CreatedAlert = DealAlert & { visitorToken: string; emailConfirmed: boolean };

/**
 * Creates an alert with the browser's token for that address when it holds one (issue 25: a browser
 * that proved its mailbox stays proved, so its new alerts start at once and no e-mail is sent); on
 * success the visitor's alert lists are refetched.
 */
export function useCreateAlert(held: VisitorCredentials = { email: null, token: null }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertBody) =>
      apiRequest<CreatedAlert>('POST', '/api/deal-alerts', body, { token: tokenForAddress(held, body.userEmail) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['deal-alerts'] }),
  });
}

/** DELETE /api/deal-alerts/:id with the token; the list is refetched afterwards (spec §7). */
export function useDeleteAlert(visitor: VisitorCredentials) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>('DELETE', `/api/deal-alerts/${id}`, undefined, { token: visitor.token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['deal-alerts'] }),
  });
}

/**
 * 'Check price' on one alert of the panel: POST /api/deal-alerts/{id}/check-price with the visitor
 * token → the alert's PriceCheckResult (common/api/price-checks.schema.ts); throws ApiError on 401
 * (no token), 404 (an alert the token does not reach) and 429 (10 checks a minute per address).
 * The alert lists are refetched afterwards, so the row shows the checked price and time.
 */
export function useCheckAlertPrice(visitor: VisitorCredentials) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<PriceCheckResult>('POST', `/api/deal-alerts/${id}/check-price`, undefined, { token: visitor.token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['deal-alerts'] }),
  });
}
