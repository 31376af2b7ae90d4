/**
 * Double opt-in and unsubscribe calls (DESIGN.md §4 "Visitors", "E-mail"; content-and-account-pages
 * §2.5, §7). The links in our e-mails carry the address and a signature (`sig`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConfirmSubscriberResponse, UnsubscribeResponse, UnsubscribeTrackInput } from '../../../common/api/alerts.schema';
import { ApiError, apiRequest } from '../../lib/http.client';

/** POST /api/subscribers/confirm answer (common/api). */
export type ConfirmAnswer = ConfirmSubscriberResponse;

/**
 * POST /api/subscribers/confirm `{ email, t, sig }` → the confirmed address and a mailbox token (400
 * bad, expired or older than the address's unsubscribe). `deviceToken` is this browser's token for
 * the link's address, if it holds one: the server then also starts what this browser asked for
 * (issue 25).
 */
export function useConfirmEmail(deviceToken: string | null = null) {
  return useMutation({
    mutationFn: (link: { email: string; t: string; sig: string }) =>
      apiRequest<ConfirmAnswer>('POST', '/api/subscribers/confirm', link, { token: deviceToken }),
  });
}

/** Whether a failed confirmation was refused because the address unsubscribed after the link was sent (issue 25). */
export function isLinkOlderThanUnsubscribe(error: unknown): boolean {
  return error instanceof ApiError && (error.serverMessage ?? '').includes('before this address unsubscribed');
}

export interface UnsubscribeBody {
  email: string;
  reason: string;
  visitedPath: string;
  userAgent: string;
  referrer: string | null;
  t?: string;
  sig?: string;
}

/**
 * `effective` false: no proof came with the request (no valid link, no mailbox token), so the
 * server e-mailed the address a one-click link and `message` says so (issue 5).
 */
export type UnsubscribeAnswer = UnsubscribeResponse;

/** POST /api/unsubscribe → {@link UnsubscribeAnswer} (spec §7; reason defaults to 'manual_unsubscribe'). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (body: UnsubscribeBody) => apiRequest<UnsubscribeAnswer>('POST', '/api/unsubscribe', body),
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

/** POST /api/unsubscribe/track body (content-and-account-pages §7). */
export type UnsubscribeVisit = UnsubscribeTrackInput;

/**
 * Records a visit to /unsubscribe or /subscribe/* (spec §4, §7): it changes no subscription, and a
 * failure is only logged (spec §8 "unsubscribe-tracking failures: logged only"). Call from an effect.
 */
export function trackUnsubscribeVisit(visit: UnsubscribeVisit): void {
  apiRequest('POST', '/api/unsubscribe/track', visit).catch((error: unknown) => console.warn('unsubscribe tracking failed', error));
}
