/**
 * Any path no route covers (content-and-account-pages §2.11): '404 Page Not Found', a hint about
 * what went wrong, and links to where people usually meant to go.
 */
import { Link, useLocation } from 'react-router';
import { paths } from '../../common/paths';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/document-title.hook';

const SUGGESTIONS = [
  { to: paths.todaysDeals(), label: "Today's Deals" },
  { to: paths.search(), label: 'Search products' },
  { to: paths.blog(), label: 'Deal Hunting Blog' },
  { to: paths.faq(), label: 'FAQ' },
  { to: paths.contact(), label: 'Contact Us' },
] as const;

export function NotFoundPage() {
  useDocumentTitle('Page Not Found', { notFound: true });
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <p className="text-5xl font-black text-slate-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-700">
        There is no page at <code className="rounded bg-slate-100 px-1 break-all">{pathname}</code>.
      </p>
      <p className="text-sm text-slate-600">
        Hint: check the address for typos. Links from older e-mails or bookmarks may point to pages that have moved; product pages live at{' '}
        <code className="rounded bg-slate-100 px-1">/deals/&#123;ASIN&#125;</code> and articles at{' '}
        <code className="rounded bg-slate-100 px-1">/blog/&#123;slug&#125;</code>.
      </p>
      <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
        Back to Home
      </Link>
      <nav aria-label="Popular pages" className="w-full border-t border-slate-200 pt-4">
        <p className="mb-2 text-sm font-semibold text-slate-800">Or try one of these:</p>
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {SUGGESTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="text-blue-800 underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
