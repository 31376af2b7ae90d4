/** `/faq` (content-and-account-pages §2.7): five collapsible categories (common/content/faq.ts). */
import { FAQ_INTRO, FAQ_TITLE } from '../../common/content/faq';
import { RichText } from '../features/content/components/content-blocks';
import { FaqList } from '../features/content/components/faq-list';
import { useDocumentTitle } from '../lib/document-title.hook';

export function FaqPage() {
  useDocumentTitle(FAQ_TITLE);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{FAQ_TITLE}</h1>
        <p className="mt-2 text-lg text-slate-700 [&_a]:text-blue-800 [&_a]:underline">
          <RichText text={FAQ_INTRO} />
        </p>
      </header>
      <FaqList />
    </div>
  );
}
