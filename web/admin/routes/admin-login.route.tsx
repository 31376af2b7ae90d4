/**
 * `/admin/login` (issue 11 part 1; our departure from the spec, which shows no sign-in): the
 * owners' sign-in page. After signing in it goes to `?next=` when that is an admin page, else
 * `/admin`. A visitor who is already signed in goes straight on.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AdminLoginForm } from '../features/admin-auth/components/admin-login-form';
import { adminMeQuery } from '../features/admin-auth/api';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { ADMIN_QUERY_ROOT, adminSessionKey } from '../lib/admin-query-keys';

/** Only our own admin pages are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && /^\/(admin|management)(\/[\w-]*)?(\?[\w=&%-]*)?$/.test(next) && !next.startsWith('/admin/login') ? next : '/admin';
}

export function AdminLoginPage() {
  useDocumentTitle('Admin sign-in');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(search.get('next'));
  const queryClient = useQueryClient();
  // Whatever admin data an earlier session left in memory goes (the shell has unmounted by now).
  useEffect(() => {
    queryClient.removeQueries({ queryKey: ADMIN_QUERY_ROOT, predicate: (q) => q.queryKey[1] !== adminSessionKey[1] });
  }, [queryClient]);
  // Always asks afresh: a session remembered from before sign-out or expiry must not bounce back.
  const me = useQuery({ ...adminMeQuery(), staleTime: 0, refetchOnMount: 'always' });
  if (me.isSuccess && !me.isFetching) return <Navigate to={next} replace />;

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-16 sm:items-center">
      <main id="main" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-600">Deal Alerts UK</p>
        <h1 className="mt-1 mb-1 text-2xl font-bold text-slate-900">Admin sign-in</h1>
        <p className="mb-5 text-sm text-slate-600">For the site's owners. Shoppers never need an account.</p>
        {search.get('signedOut') === '1' && (
          <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            You have signed out.
          </p>
        )}
        <AdminLoginForm onSignedIn={() => void navigate(next, { replace: true })} />
        <p className="mt-5 text-center text-sm">
          <a href="/" className="text-blue-700 underline hover:text-blue-900">
            Back to Deal Alerts UK
          </a>
        </p>
      </main>
    </div>
  );
}
