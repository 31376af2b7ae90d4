/**
 * Admin sign-in, the signed-in owner and sign-out (issue 11 part 1): `POST /api/admin/login`,
 * `GET /api/admin/me`, `POST /api/admin/logout`. The session lives in an HttpOnly cookie the
 * browser sends by itself; nothing is kept in browser storage.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginBody, AdminMe } from '../../../../common/api/admin-auth.admin.schema';
import { ApiError, apiRequest } from '../../../lib/http.client';
import { ADMIN_QUERY_ROOT, adminSessionKey } from '../../lib/admin-query-keys';

/** The owner behind the session cookie; an {@link ApiError} with status 401 when there is none. */
export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminSessionKey,
    queryFn: ({ signal }) => apiRequest<AdminMe>('GET', '/api/admin/me', undefined, { signal }),
    staleTime: 60_000,
  });

/** True for the answer "no (or no longer a) session". */
export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLoginBody) => apiRequest<void>('POST', '/api/admin/login', body),
    onSuccess: () => queryClient.removeQueries({ queryKey: ADMIN_QUERY_ROOT }),
  });
}

/** Signs out. The caller drops every admin query once it has left the admin pages (the shell does). */
export function useAdminLogout() {
  return useMutation({ mutationFn: () => apiRequest<void>('POST', '/api/admin/logout') });
}

/** What the sign-in form says for a failed attempt (never which of e-mail or password was wrong). */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'That e-mail and password do not match an admin account.';
    if (error.status === 429) {
      const minutes = /try again in (\d+) minute/.exec(error.serverMessage ?? '')?.[1];
      return `Too many failed sign-ins. Try again in ${minutes ? `${minutes} minute${minutes === '1' ? '' : 's'}` : 'a few minutes'}.`;
    }
    if (error.status === 400) return 'Please check the e-mail and password.';
  }
  return 'Could not sign in. Please try again.';
}
