/** Signup and sign-in calls (content-and-account-pages §7 POST /api/signup; our POST /api/sign-in). */
import { useMutation } from '@tanstack/react-query';
import type { SignupResponse } from '../../../common/api/engagement.schema';
import { apiRequest } from '../../lib/http.client';

export type SignupSource = 'signup_page' | 'signup_popup';

export function useSignup() {
  return useMutation({
    mutationFn: (body: { email: string; source: SignupSource }) =>
      apiRequest<SignupResponse>('POST', '/api/signup', {
        ...body,
        userAgent: navigator.userAgent.slice(0, 500),
        referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
      }),
  });
}

export function useSignIn() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('POST', '/api/sign-in', { email }),
  });
}
