/**
 * The blog list (content-and-account-pages §2.8): ten articles, the newest featured on top, each
 * linking to /blog/{slug}.
 */
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { BlogSummary } from '../../../../common/api/blog.schema';
import { paths } from '../../../../common/paths';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { useBlogList } from '../api';
import { ArticleDateAndTime, CategoryBadge } from './blog-meta';

export function BlogList() {
  const { data, isPending, isError, refetch } = useBlogList();
  if (isPending) {
    return (
      <div className="space-y-6" role="status" aria-label="Loading articles">
        <Skeleton className="h-56 w-full" />
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48" />
          ))}
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p className="mb-4 text-slate-800">We couldn't load the articles just now.</p>
        <Button onClick={() => void refetch()}>Try Again</Button>
      </div>
    );
  }
  const [featured, ...rest] = data.articles;
  return (
    <div className="space-y-8">
      {featured && <FeaturedCard article={featured} />}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {rest.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function FeaturedCard({ article }: { article: BlogSummary }) {
  return (
    <article className="rounded-2xl bg-gradient-to-br from-blue-900 to-blue-700 p-6 text-white shadow-md sm:p-10">
      <p className="mb-3 flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-slate-900">Featured</span>
        <span className="text-sm text-blue-100">{article.category}</span>
      </p>
      <h2 className="mb-3 text-2xl font-bold sm:text-3xl">
        <Link to={paths.blogArticle(article.slug)} className="hover:underline">
          {article.title}
        </Link>
      </h2>
      <p className="mb-5 max-w-3xl text-blue-50">{article.excerpt}</p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-blue-100">
        <span>{article.author}</span>
        <span className="[&_*]:text-blue-100">
          <ArticleDateAndTime article={article} />
        </span>
      </p>
      <Link
        to={paths.blogArticle(article.slug)}
        className="mt-6 inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-blue-900 hover:bg-blue-50"
        aria-label={`Read Article: ${article.title}`}
      >
        Read Article <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </article>
  );
}

/** A card of one article, also used by 'More Deal Hunting Tips'. */
export function ArticleCard({ article }: { article: Pick<BlogSummary, 'slug' | 'title' | 'excerpt' | 'category' | 'date' | 'readTime'> }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="mb-3">
        <CategoryBadge category={article.category} />
      </div>
      <h3 className="mb-2 text-lg font-bold text-slate-900">
        <Link to={paths.blogArticle(article.slug)} className="hover:text-blue-800 hover:underline">
          {article.title}
        </Link>
      </h3>
      <p className="mb-4 flex-1 text-sm text-slate-700">{article.excerpt}</p>
      <ArticleDateAndTime article={article} />
    </article>
  );
}
