/**
 * The frame of the static pages (content-and-account-pages §2.7): title, optional 'Last updated'
 * date, the text, and Back and Home buttons. No browser access while rendering, so the pages can be
 * prerendered later (issue 10 part 2).
 */
import type { ReactNode } from 'react';
import { BackHomeButtons } from '../../../components/ui/back-home-buttons';
import { useDocumentTitle } from '../../../lib/document-title.hook';

/** When the legal pages were last reviewed against what the site stores and does. */
export const LEGAL_LAST_UPDATED = '23 November 2026';

export function StaticPage({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackHomeButtons />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <header className="mb-6 border-b border-slate-200 pb-6">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
          {updated && <p className="mt-2 text-sm text-slate-600">Last updated: {updated}</p>}
          {intro && <div className="mt-4 text-lg text-slate-700">{intro}</div>}
        </header>
        <div className="article-body">{children}</div>
      </div>
      <BackHomeButtons />
    </div>
  );
}
