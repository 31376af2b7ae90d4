/**
 * Content pages not written yet (privacy, terms, cookies, about, contact, FAQ, how it works, blog):
 * a "Coming soon" page under the right title instead of a 404, so footer links never dead-end.
 */
import { Link, useMatches } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/document-title.hook';

export function ComingSoonPage() {
  // The router gives each of these routes its title in `handle` (web/router.tsx).
  const handle = useMatches().at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'Coming soon';
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-lg font-medium text-slate-800">Coming soon</p>
      <p className="text-slate-700">We're writing this page. In the meantime, today's deals are waiting.</p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        Back to Home
      </Link>
    </div>
  );
}
