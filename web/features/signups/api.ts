/** Signup and sign-in calls (content-and-account-pages §7 POST /api/signup; our POST /api/sign-in). */
import { useMutation } from '@tanstack/react-query';
import type { SignupResponse } from '../../../common/api/engagement.schema';
import { apiRequest } from '../../lib/http.client';
import { tokenForAddress, type HeldToken } from '../../lib/visitor-token';

export type SignupSource = 'signup_page' | 'signup_popup';

/**
 * POST /api/signup, with the browser's token when it holds one for that address (issue 25: a browser
 * that proved its mailbox keeps its proof; the answer then hands the same token back).
 */
export function useSignup(held: HeldToken = { email: null, token: null }) {
  return useMutation({
    mutationFn: (body: { email: string; source: SignupSource }) =>
      apiRequest<SignupResponse>(
        'POST',
        '/api/signup',
        {
          ...body,
          userAgent: navigator.userAgent.slice(0, 500),
          referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
        },
        { token: tokenForAddress(held, body.email) },
      ),
  });
}

export function useSignIn() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('POST', '/api/sign-in', { email }),
  });
}
