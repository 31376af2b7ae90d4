/** An article's category badge, date (en-GB) and read time (content-and-account-pages §2.9, §3). */
import { CalendarDays, Clock } from 'lucide-react';
import type { BlogSummary } from '../../../../common/api/blog.schema';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "8 August 2025" from an ISO date (read as a calendar date, whatever the time zone). */
export function formatArticleDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

export function CategoryBadge({ category }: { category: string }) {
  return <span className="inline-block rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900">{category}</span>;
}

export function ArticleDateAndTime({ article }: { article: Pick<BlogSummary, 'date' | 'readTime'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1">
        <CalendarDays className="h-4 w-4" aria-hidden="true" />
        <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {article.readTime}
      </span>
    </span>
  );
}
