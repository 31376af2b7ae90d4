/**
 * The deal landing page body (content-and-account-pages §2.6, §4; issue 27: only facts, see
 * docs/decisions/0023-landing-pages-facts.md): title, image (280 px), a percentage only when a
 * verified saving or an owners' signed link gives one, the price block the route passes in, stars
 * and review count only from data, description, features, urgency only from a signed link, the
 * 'View On Amazon →' button through our tracked redirect (with the deal id), like and dislike with
 * counters that count this visitor's own vote (not saved), and the editorial/commission note.
 * Header links Home, Deal Alerts, Admin.
 */
import { paths } from '../../../../common/paths';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Star, Tag, ThumbsDown, ThumbsUp } from 'lucide-react';
import clsx from 'clsx';
import { CategoryIllustration } from '../../../components/product/category-illustration';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { nextVote, type DealContent, type Vote } from '../deal-presets';

export interface DealLandingProps {
  deal: DealContent;
  /** The price block (the route passes the products' own, with its "as of" time); none for a page without a product. */
  price?: ReactNode;
  /** A short note above the page (e.g. that a link has expired). */
  notice?: ReactNode;
  /** Below the card: the price history, the product behind a preset's percentage. */
  children?: ReactNode;
}

/** The square beside the text when there is no image: small on a phone, 280 px from `sm` up. */
const TILE = 'flex h-28 w-28 items-center justify-center sm:aspect-square sm:h-auto sm:w-full sm:max-w-[280px]';

/** Stars and review count, only as our data or an owners' signed link states them. */
function RatingLine({ rating, reviewCount }: { rating: number | null; reviewCount: string | null }) {
  if (rating === null && reviewCount === null) return null;
  const stars = rating === null ? null : Math.max(0, Math.min(5, rating));
  const words = [stars !== null ? `${stars.toFixed(1)} out of 5` : null, reviewCount !== null ? `${reviewCount} reviews` : null];
  const text = words[0] && words[1] ? `${words[0]} (${words[1]})` : (words[0] ?? words[1]);
  return (
    <p className="flex items-center gap-1 text-sm text-slate-700" data-testid="deal-rating">
      {stars !== null && <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" />}
      <span>{text}</span>
    </p>
  );
}

export function DealLanding({ deal, price, notice, children }: DealLandingProps) {
  const featuresId = useId();
  const [vote, setVote] = useState<Vote>(null);
  const target = deal.asin
    ? { asin: deal.asin, clickType: 'shop' as const, deal: deal.slug }
    : { asin: null, clickType: 'shop' as const, url: deal.amazonUrl, deal: deal.slug };

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="deal-landing">
      <nav aria-label="Deal page" className="flex gap-4 text-sm text-blue-800">
        <Link to={paths.home()} className="hover:underline">
          Home
        </Link>
        <Link to="/deal-alerts" className="hover:underline">
          Deal Alerts
        </Link>
        <Link to="/admin" className="hover:underline">
          Admin
        </Link>
      </nav>
      {notice}
      <article className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[280px_1fr] sm:gap-6 sm:p-8">
        <div className="flex items-start justify-center">
          {deal.imageUrl ? (
            <img src={deal.imageUrl} alt={deal.productTitle} width={280} className="max-h-[280px] w-full max-w-[280px] object-contain" />
          ) : deal.dealPercentage === null && deal.category ? (
            <CategoryIllustration category={deal.category} className={clsx(TILE, 'rounded-xl')} iconClassName="h-12 w-12 sm:h-20 sm:w-20" />
          ) : (
            <div aria-hidden="true" className={clsx(TILE, 'rounded-xl bg-gradient-to-br from-orange-100 to-amber-200 text-orange-700')}>
              {deal.dealPercentage !== null ? (
                <span className="flex flex-col items-center font-black">
                  {deal.percentageIsMaximum && <span className="text-sm font-semibold sm:text-lg">up to</span>}
                  <span className="text-3xl sm:text-5xl">{deal.dealPercentage}%</span>
                </span>
              ) : (
                <Tag className="h-12 w-12 sm:h-20 sm:w-20" strokeWidth={1.5} />
              )}
            </div>
          )}
        </div>
        <div className="min-w-0 space-y-4">
          {(deal.dealPercentage !== null || deal.dealType) && (
            <div className="flex flex-wrap gap-2">
              {deal.dealPercentage !== null && (
                <Badge tone="red">{deal.percentageIsMaximum ? `Up to ${deal.dealPercentage}% off` : `${deal.dealPercentage}% OFF`}</Badge>
              )}
              {deal.dealType && <Badge tone="blue">{deal.dealType}</Badge>}
            </div>
          )}
          <div className="space-y-1">
            <h1
              className={clsx(
                'font-bold break-words text-slate-900',
                // Feed titles run to 200 characters: a smaller size keeps them to a few lines.
                deal.productTitle.length > 80 ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-3xl',
              )}
            >
              {deal.productTitle}
            </h1>
            {deal.subtitle && <p className="text-sm text-slate-700">{deal.subtitle}</p>}
          </div>
          {price}
          {deal.percentageBasis && <p className="text-sm text-slate-700">{deal.percentageBasis}</p>}
          <RatingLine rating={deal.rating} reviewCount={deal.reviewCount} />
          {deal.productDescription && <p className="text-slate-800">{deal.productDescription}</p>}
          {deal.features.length > 0 && (
            <div>
              <h2 id={featuresId} className="text-sm font-semibold text-slate-900">
                {deal.featuresHeading}
              </h2>
              <ul aria-labelledby={featuresId} className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {deal.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          )}
          {deal.urgencyText && <p className="text-sm font-medium text-red-700">{deal.urgencyText}</p>}
          {deal.fromSignedLink && <p className="text-xs text-slate-600">Offer details written by our deals team.</p>}
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
          <div className="flex gap-2" aria-label="Was this page useful?" role="group">
            <button
              type="button"
              aria-pressed={vote === 'like'}
              onClick={() => setVote((v) => nextVote(v, 'like'))}
              className={clsx(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm',
                vote === 'like' ? 'border-green-700 bg-green-50 text-green-800' : 'border-slate-300 text-slate-700',
              )}
            >
              <ThumbsUp className="h-4 w-4" aria-hidden="true" /> Like <span>{vote === 'like' ? 1 : 0}</span>
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
              <ThumbsDown className="h-4 w-4" aria-hidden="true" /> Dislike <span>{vote === 'dislike' ? 1 : 0}</span>
            </button>
          </div>
        </div>
      </article>
      {children}
      <p className="text-xs text-slate-600">
        We write these pages independently. As an Amazon Associate we earn from qualifying purchases: if you buy through our links we may
        earn a commission, at no extra cost to you. Prices and availability change: Amazon’s page shows today’s price.
      </p>
    </div>
  );
}
