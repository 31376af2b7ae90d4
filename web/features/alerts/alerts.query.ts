/**
 * The visitor's deal alerts as a query (shopper-screens §7 GET /api/deal-alerts; DESIGN.md §4
 * "Visitors") and the home page's automatic price check of them, apart from ./api.ts (which
 * re-exports both): the shell's bell and the home page read them on first load, and a module a
 * first-load chunk imports brings every hook it holds, with TanStack's mutations, into it (§7).
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealAlert } from '../../../common/api/alerts.schema';
import { apiRequest } from '../../lib/http.client';

/** Who may read alerts: an e-mail with '@' and its visitor token. */
export interface VisitorCredentials {
  email: string | null;
  token: string | null;
}

/** True when `visitor` may read alerts: an e-mail with '@' and its visitor token. */
export function canRead(visitor: VisitorCredentials): visitor is { email: string; token: string } {
  return visitor.email !== null && visitor.email.includes('@') && visitor.token !== null;
}

/** GET /api/deal-alerts?email= with the token → the visitor's alerts (401/403 throw ApiError). */
export function alertsQuery(visitor: VisitorCredentials) {
  return queryOptions({
    queryKey: ['deal-alerts', visitor.email, visitor.token],
    queryFn: ({ signal }) =>
      apiRequest<DealAlert[]>('GET', `/api/deal-alerts?email=${encodeURIComponent(visitor.email ?? '')}`, undefined, {
        token: visitor.token,
        signal,
      }),
  });
}

/** The visitor's alerts; idle without an e-mail and token (the bell then shows nothing). */
export function useAlerts(visitor: VisitorCredentials) {
  return useQuery({ ...alertsQuery(visitor), enabled: canRead(visitor) });
}

/** Spec §9: the automatic bulk price check runs 2 seconds after the home page loads. */
export const AUTO_PRICE_CHECK_DELAY_MS = 2000;

/**
 * Home only (spec §4): when the visitor has alerts, an e-mail and a token, POST
 * /api/deal-alerts/check-all-prices?email= once, 2 s after load, then refetch the alerts.
 * Failures are only logged: the panel keeps the last known prices.
 */
export function useAutoPriceCheck(visitor: VisitorCredentials) {
  const client = useQueryClient();
  const { data: alerts } = useAlerts(visitor);
  const ran = useRef(false);
  const hasAlerts = (alerts?.length ?? 0) > 0;
  const { email, token } = visitor;
  useEffect(() => {
    if (ran.current || !hasAlerts || email === null || token === null) return;
    const timer = window.setTimeout(() => {
      ran.current = true;
      apiRequest('POST', `/api/deal-alerts/check-all-prices?email=${encodeURIComponent(email)}`, undefined, { token })
        .catch((error: unknown) => console.warn('Automatic price check failed:', error))
        .finally(() => void client.invalidateQueries({ queryKey: ['deal-alerts'] }));
    }, AUTO_PRICE_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [client, hasAlerts, email, token]);
}
