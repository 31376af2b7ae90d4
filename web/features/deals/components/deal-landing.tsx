/**
 * The deal landing page body (content-and-account-pages §2.6, §4): title, image (280 px), deal
 * percentage and type, description, urgency, features, stars with rating and review count, the
 * 'View On Amazon →' button through our tracked redirect, like and dislike with counters (a local
 * toggle, not saved), and the editorial/commission note. Header links Home, Deal Alerts, Admin.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Star, ThumbsDown, ThumbsUp } from 'lucide-react';
import clsx from 'clsx';
import { formatPriceString } from '../../../../common/money';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { initialCounts, nextVote, type DealContent, type Vote } from '../deal-presets';

export function DealLanding({ deal, children }: { deal: DealContent; children?: ReactNode }) {
  const [counts] = useState(() => initialCounts());
  const [vote, setVote] = useState<Vote>(null);
  const target = deal.asin
    ? { asin: deal.asin, clickType: 'shop' as const, deal: deal.slug }
    : { asin: null, clickType: 'shop' as const, url: deal.amazonUrl, deal: deal.slug };
  const likes = counts.likes + (vote === 'like' ? 1 : 0);
  const dislikes = counts.dislikes + (vote === 'dislike' ? 1 : 0);

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="deal-landing">
      <nav aria-label="Deal page" className="flex gap-4 text-sm text-blue-800">
        <Link to="/" className="hover:underline">
          Home
        </Link>
        <Link to="/deal-alerts" className="hover:underline">
          Deal Alerts
        </Link>
        <Link to="/admin" className="hover:underline">
          Admin
        </Link>
      </nav>
      <article className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[280px_1fr] sm:p-8">
        <div className="flex items-start justify-center">
          {deal.imageUrl ? (
            <img src={deal.imageUrl} alt={deal.productTitle} width={280} className="max-h-[280px] w-full max-w-[280px] object-contain" />
          ) : (
            <div className="flex aspect-square w-full max-w-[280px] items-center justify-center rounded-xl bg-gradient-to-br from-orange-100 to-amber-200 text-5xl font-black text-orange-700">
              {deal.dealPercentage ? `${deal.dealPercentage}%` : '£'}
            </div>
          )}
        </div>
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Badge tone={deal.dealPercentage ? 'red' : 'purple'}>
              {deal.dealPercentage ? `${deal.dealPercentage}% OFF` : 'Special Deal'}
            </Badge>
            <Badge tone="blue">{deal.dealType}</Badge>
          </div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{deal.productTitle}</h1>
          {deal.price && (
            <p className="flex items-baseline gap-2">
              <span className="text-2xl font-bold text-slate-900">{formatPriceString(deal.price)}</span>
              {deal.originalPrice && <s className="text-slate-600">{formatPriceString(deal.originalPrice)}</s>}
            </p>
          )}
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" />
            <span>
              {deal.rating.toFixed(1)} ({deal.reviewCount} reviews)
            </span>
          </p>
          <p className="text-slate-800">{deal.productDescription}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {deal.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p className="text-sm font-medium text-red-700">{deal.urgencyText}</p>
          <div className="flex flex-wrap items-center gap-3">
            <span
              className="rounded border border-slate-400 px-1 text-[11px] leading-4 font-semibold text-slate-700"
              title="Affiliate link: we may earn a commission"
            >
              Ad
            </span>
            <a
              href={outboundHref(target)}
              onClick={refreshOutboundHref(target)}
              target="_blank"
              rel="sponsored noopener"
              className={buttonClasses('amazon', 'lg')}
            >
              View On Amazon →
            </a>
          </div>
          <div className="flex gap-2" aria-label="Was this deal useful?" role="group">
            <button
              type="button"
              aria-pressed={vote === 'like'}
              onClick={() => setVote((v) => nextVote(v, 'like'))}
              className={clsx(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm',
                vote === 'like' ? 'border-green-700 bg-green-50 text-green-800' : 'border-slate-300 text-slate-700',
              )}
            >
              <ThumbsUp className="h-4 w-4" aria-hidden="true" /> Like <span>{likes}</span>
            </button>
            <button
              type="button"
              aria-pressed={vote === 'dislike'}
              onClick={() => setVote((v) => nextVote(v, 'dislike'))}
              className={clsx(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm',
                vote === 'dislike' ? 'border-red-700 bg-red-50 text-red-800' : 'border-slate-300 text-slate-700',
              )}
            >
              <ThumbsDown className="h-4 w-4" aria-hidden="true" /> Dislike <span>{dislikes}</span>
            </button>
          </div>
        </div>
      </article>
      {children}
      <p className="text-xs text-slate-600">
        Our deals team chooses these deals independently. As an Amazon Associate we earn from qualifying purchases: if you buy through our
        links we may earn a commission, at no extra cost to you. Prices and availability are subject to change.
      </p>
    </div>
  );
}
