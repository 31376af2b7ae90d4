/** `/how-it-works` (content-and-account-pages §2.7): four steps (common/content/how-it-works.ts). */
import { Link } from 'react-router';
import { HOW_IT_WORKS } from '../../common/content/how-it-works';
import { buttonClasses } from '../components/ui/button';
import { HowItWorksSteps } from '../features/content/components/how-it-works-steps';
import { useDocumentTitle } from '../lib/document-title.hook';

export function HowItWorksPage() {
  useDocumentTitle(HOW_IT_WORKS.title);
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{HOW_IT_WORKS.title}</h1>
        <p className="mx-auto mt-2 max-w-2xl text-lg text-slate-700">{HOW_IT_WORKS.intro}</p>
      </header>
      <HowItWorksSteps />
      <div className="flex flex-wrap justify-center gap-3">
        {HOW_IT_WORKS.links.map((l) => (
          <Link key={l.href} to={l.href} className={buttonClasses(l.primary ? 'primary' : 'secondary', 'lg')}>
            {l.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
