/** `/faq` (content-and-account-pages §2.7): five collapsible categories. */
import { Link } from 'react-router';
import { paths } from '../../common/paths';
import { FaqList } from '../features/content/components/faq-list';
import { useDocumentTitle } from '../lib/document-title.hook';

export function FaqPage() {
  useDocumentTitle('Frequently Asked Questions');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Frequently Asked Questions</h1>
        <p className="mt-2 text-lg text-slate-700">
          Can't find your answer?{' '}
          <Link to={paths.contact()} className="text-blue-800 underline">
            Contact us
          </Link>{' '}
          and we'll reply within 24 hours.
        </p>
      </header>
      <FaqList />
    </div>
  );
}
