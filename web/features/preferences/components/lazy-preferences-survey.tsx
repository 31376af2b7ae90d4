/**
 * The preference survey as a lazy chunk (DESIGN.md §7 first-load budget): it can open only for a
 * visitor with an e-mail (shopper-screens §4 "Preference dialog"), so an anonymous first visit never
 * downloads it. Home and today's deals both render it.
 */
import { lazy, Suspense } from 'react';

const PreferencesSurvey = lazy(() => import('./preferences-dialog').then((m) => ({ default: m.PreferencesSurvey })));

export function LazyPreferencesSurvey({ email, token }: { email: string | null; token: string | null }) {
  if (!email) return null;
  return (
    <Suspense fallback={null}>
      <PreferencesSurvey email={email} token={token} />
    </Suspense>
  );
}
