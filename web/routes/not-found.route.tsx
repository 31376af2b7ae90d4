/** Any path no route covers (content-and-account-pages §2.11): '404 Page Not Found' with a hint. */
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/document-title.hook';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <p className="text-5xl font-black text-slate-300" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-700">
        There is no page at <code className="rounded bg-slate-100 px-1 break-all">{pathname}</code>. Check the address for typos, or start
        again from today's deals.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        Home
      </Link>
    </div>
  );
}
