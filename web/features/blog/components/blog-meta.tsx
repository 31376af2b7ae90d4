/** An article's category badge, date (en-GB) and read time (content-and-account-pages §2.9, §3). */
import { CalendarDays, Clock } from 'lucide-react';
import type { BlogSummary } from '../../../../common/api/blog.schema';
import { formatLongDate } from '../../../lib/date.format';

/** "8 August 2025" from an ISO date "2025-08-08" (a calendar date, whatever the time zone); other text as is. */
export function formatArticleDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  // Noon local time: the same calendar day in every time zone, and never in a DST gap.
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return date.getMonth() === Number(match[2]) - 1 ? formatLongDate(date) : iso;
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
