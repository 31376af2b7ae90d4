/**
 * The frame of the legal pages (content-and-account-pages §2.7): title, 'Last updated' date, the
 * line under the title, the text (common/content/legal-pages.ts, the words the server also sends in
 * the first HTML response), and Back and Home buttons above and below.
 */
import type { LegalPage } from '../../../../common/content/legal-pages';
import { BackHomeButtons } from '../../../components/ui/back-home-buttons';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { ContentBlocks } from './content-blocks';

export function LegalPageView({ page }: { page: LegalPage }) {
  useDocumentTitle(page.title);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackHomeButtons />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <header className="mb-6 border-b border-slate-200 pb-6">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{page.title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated: {page.updated}</p>
          <div className="mt-4 text-lg text-slate-700">{page.intro}</div>
        </header>
        <div className="article-body">
          <ContentBlocks blocks={page.body} />
        </div>
      </div>
      <BackHomeButtons />
    </div>
  );
}
