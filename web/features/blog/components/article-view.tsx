/**
 * One blog article (content-and-account-pages §2.9): the blog's own navigation (Popular Products and
 * Today's Deals to /todays-deals, Blog to /blog), Back to Blog, category badge, title, author, date
 * (en-GB) and read time, the body (HTML rendered from Markdown and sanitised on the server), a
 * 'Share this article' row, and 'More Deal Hunting Tips' with two fixed cards. An unknown slug shows
 * 'Article Not Found' with Back to Blog.
 */
import { Link } from 'react-router';
import { ArrowLeft, Share2 } from 'lucide-react';
import { paths } from '../../../../common/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { describe } from '../../../../common/page-meta';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { useBlogArticle, useBlogList } from '../api';
import { ArticleCard } from './blog-list';
import { ArticleDateAndTime, CategoryBadge } from './blog-meta';

/** The two fixed cards of 'More Deal Hunting Tips' (spec §2.9). */
const MORE_TIPS = [
  {
    slug: 'effective-price-alerts-guide',
    title: "How to Set Price Alerts That Work (and Don't Flood Your Inbox)",
    excerpt: 'Choose target prices, alert the right variant and keep your alerts tidy.',
    category: 'Price Tracking',
    date: '2025-08-07',
    readTime: '4 min read',
  },
  {
    slug: 'black-friday-vs-prime-day-comparison',
    title: 'Black Friday or Prime Day: Which Sale Is Better for What You Want?',
    excerpt: 'Judge each sale on the price history of the things you want, not on headline averages.',
    category: 'Shopping Events',
    date: '2025-08-06',
    readTime: '4 min read',
  },
] as const;

function BlogNav() {
  return (
    <nav aria-label="Blog" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-4">
      <Link to={paths.todaysDeals()} className={buttonClasses('ghost', 'sm')}>
        Popular Products
      </Link>
      <Link to={paths.todaysDeals()} className={buttonClasses('ghost', 'sm')}>
        Today's Deals
      </Link>
      <Link to={paths.blog()} className={buttonClasses('ghost', 'sm')}>
        Blog
      </Link>
    </nav>
  );
}

function BackToBlog() {
  return (
    <Link to={paths.blog()} className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Blog
    </Link>
  );
}

/** Shares the page with the system share sheet, or copies its address (the browser is read only on click). */
async function share(title: string): Promise<void> {
  const url = window.location.href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The article’s address is on your clipboard.' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return; // the reader closed the share sheet
    toast({ title: 'Could not share', description: `Copy this address instead: ${url}`, variant: 'destructive' });
  }
}

/** The fixed cards, with the live titles and read times once the list has loaded. */
function useMoreTips() {
  const { data } = useBlogList();
  return MORE_TIPS.map((tip) => data?.articles.find((a) => a.slug === tip.slug) ?? tip);
}

export function ArticleView({ slug }: { slug: string }) {
  const { data: article, isPending, isError, refetch } = useBlogArticle(slug);
  const moreTips = useMoreTips();
  useDocumentTitle(isPending ? 'Blog' : article ? article.title : 'Article Not Found', {
    description: article ? describe.article(article) : undefined,
    notFound: !isPending && !isError && !article,
  });

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" role="status" aria-label="Loading the article">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p className="mb-4 text-slate-800">We couldn't load this article just now.</p>
        <Button onClick={() => void refetch()}>Try Again</Button>
      </div>
    );
  }
  if (!article) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Article Not Found</h1>
        <p className="text-slate-700">We couldn't find that article. It may have moved, or the link may have a typo.</p>
        <Link to={paths.blog()} className={buttonClasses('primary', 'lg')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Blog
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <BlogNav />
      <BackToBlog />
      <article className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <header className="mb-6 space-y-3 border-b border-slate-200 pb-6">
          <CategoryBadge category={article.category} />
          <h1 className="text-2xl font-bold text-slate-900 sm:text-4xl">{article.title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            <span>By {article.author}</span>
            <ArticleDateAndTime article={article} />
          </p>
        </header>
        {/* Rendered from our own Markdown and sanitised on the server (sanitize-html): no script, no handlers. */}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.content }} />
        <footer className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
          <p className="font-semibold text-slate-900">Share this article</p>
          <Button variant="secondary" onClick={() => void share(article.title)}>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            Share
          </Button>
        </footer>
      </article>
      <section aria-labelledby="more-tips" className="mt-10">
        <h2 id="more-tips" className="mb-4 text-2xl font-bold text-slate-900">
          More Deal Hunting Tips
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {moreTips.map((tip) => (
            <li key={tip.slug}>
              <ArticleCard article={tip} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
