/** `/how-it-works` (content-and-account-pages §2.7): four steps. */
import { Link } from 'react-router';
import { paths } from '../../common/paths';
import { buttonClasses } from '../components/ui/button';
import { HowItWorksSteps } from '../features/content/components/how-it-works-steps';
import { useDocumentTitle } from '../lib/document-title.hook';

export function HowItWorksPage() {
  useDocumentTitle('How It Works');
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">How It Works</h1>
        <p className="mx-auto mt-2 max-w-2xl text-lg text-slate-700">
          Four steps from browsing to a better price. Free, with no account and no password.
        </p>
      </header>
      <HowItWorksSteps />
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.todaysDeals()} className={buttonClasses('primary', 'lg')}>
          Browse Today's Deals
        </Link>
        <Link to={paths.faq()} className={buttonClasses('secondary', 'lg')}>
          Read the FAQ
        </Link>
      </div>
    </div>
  );
}
