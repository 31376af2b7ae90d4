/**
 * Double opt-in and unsubscribe calls (DESIGN.md §4 "Visitors", "E-mail"; content-and-account-pages
 * §2.5, §7). The links in our e-mails carry the address and a signature (`sig`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/http.client';

export interface ConfirmAnswer {
  email: string;
  confirmed: true;
  visitorToken: string;
}

/** POST /api/subscribers/confirm `{ email, sig }` → the confirmed address and a visitor token (400 bad link). */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (link: { email: string; sig: string }) => apiRequest<ConfirmAnswer>('POST', '/api/subscribers/confirm', link),
  });
}

export interface UnsubscribeBody {
  email: string;
  reason: string;
  visitedPath: string;
  userAgent: string;
  referrer: string | null;
  sig?: string;
}

/** POST /api/unsubscribe → `{ success, email }` (spec §7; reason defaults to 'manual_unsubscribe'). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (body: UnsubscribeBody) => apiRequest<{ success: boolean; email: string }>('POST', '/api/unsubscribe', body),
  });
}

/**
 * Whether `email` is already unsubscribed, known only when this browser holds the token for it
 * (GET /api/subscribers/status). `checking` while asking; `unsubscribed` null when unknown
 * (no token, another address, or the call failed).
 */
export function useAlreadyUnsubscribed(email: string, token: string | null): { checking: boolean; unsubscribed: boolean | null } {
  const { data, isLoading } = useQuery({
    queryKey: ['subscriber-status', email, token],
    queryFn: ({ signal }) =>
      apiRequest<{ email: string; unsubscribed: boolean }>('GET', '/api/subscribers/status', undefined, { token, signal }),
    enabled: token !== null && email.includes('@'),
    staleTime: 0,
  });
  const known = data !== undefined && data.email.toLowerCase() === email.trim().toLowerCase();
  return { checking: isLoading, unsubscribed: known ? data.unsubscribed : null };
}
