/** `/blog` (content-and-account-pages §2.8): the ten articles, the newest featured. */
import { BlogList } from '../features/blog/components/blog-list';
import { useDocumentTitle } from '../lib/document-title.hook';

export function BlogPage() {
  useDocumentTitle('Deal Hunting Blog');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Deal Hunting Blog</h1>
        <p className="mt-2 max-w-2xl text-lg text-slate-700">
          Practical guides to buying well on Amazon UK: spotting real savings, timing your purchases and setting alerts that work.
        </p>
      </header>
      <BlogList />
    </div>
  );
}
