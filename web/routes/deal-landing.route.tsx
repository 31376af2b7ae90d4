/**
 * Deal landing pages `/deal/{dealId}` and `/deal` (content-and-account-pages §2.6, with the
 * departures of docs/decisions/0023-landing-pages-facts.md: a landing page states only facts).
 *
 * - `/deal/{ASIN}` (or `?asin=`): the product's facts from our catalogue (price with its time and
 *   verified saving, rating and features only when we hold them) and its price history.
 * - `/deal/{preset}`: the preset's own copy; its percentage only from the server's largest verified
 *   saving in its scope, shown with that product; with none, "Prices we track …".
 * - `/deal`: what we do, with the catalogue's largest verified saving when there is one.
 * - Claims in the query (title, discount, rating, urgency…) only when the server's check says an
 *   owner signed them (`sig`, not expired); an unsigned, tampered or expired link shows the page
 *   without them, never an error page.
 *
 * 'Loading Deal...' while the link's check, the product or the preset's saving loads; a failed
 * lookup keeps the default content (spec §8). `/deals/{asin}` stays our product page (deal.route.tsx).
 */
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { isAsin } from '../../common/affiliate';
import type { DealLinkVerification, TopSavingResponse } from '../../common/api/deal-links.schema';
import { paths } from '../../common/paths';
import { useDealLinkCheck, useTopSaving } from '../features/deals/api';
import { DealLanding } from '../features/deals/components/deal-landing';
import {
  DEAL_PRESETS,
  DEFAULT_DEAL,
  dealForClaimsOnly,
  dealFromPreset,
  dealFromProduct,
  isDealPresetSlug,
  withClaims,
  withTopSaving,
  type DealContent,
  type DealPreset,
} from '../features/deals/deal-presets';
import { productDetailQuery } from '../features/products/api';
import { PriceHistory } from '../features/products/components/price-history';
import { ProductPrice, priceState } from '../components/product/product-price';
import { useDocumentTitle } from '../lib/document-title.hook';

/** The ASIN a page names: its path (`/deal/{ASIN}`), else `?asin=` (a fact lookup, not a claim). */
function namedAsin(dealId: string, params: URLSearchParams): string | null {
  const fromPath = dealId.trim().toUpperCase();
  if (isAsin(fromPath)) return fromPath;
  const fromQuery = (params.get('asin') ?? '').trim().toUpperCase();
  return isAsin(fromQuery) ? fromQuery : null;
}

/** The click's deal id: the path's id when it is one (letters, digits, hyphens), else 'deal-page'. */
function trackingId(dealId: string): string {
  return /^[A-Za-z0-9-]{1,100}$/.test(dealId) ? dealId : 'deal-page';
}

/** Why a link's offer details are not shown, when it had some. */
function LinkNotice({ check }: { check: DealLinkVerification | undefined }) {
  if (check?.status !== 'expired' && check?.status !== 'invalid') return null;
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="deal-link-notice">
      {check.status === 'expired'
        ? 'The offer in this link has ended, so its details are not shown. Here is what we know today.'
        : 'We could not confirm the offer details in this link, so they are not shown. Here is what we know today.'}
    </p>
  );
}

/** Below a preset or the default page: the product behind its percentage, or a plain word that there is none. */
function TopSavingSection({ top, scopeLabel }: { top: TopSavingResponse | undefined; scopeLabel: string }) {
  if (!top) return null;
  const product = top.product;
  if (!product) {
    return (
      <section aria-labelledby="top-saving-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="top-saving-heading" className="text-lg font-semibold text-slate-900">
          No verified saving {scopeLabel} right now
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          We show a saving only when a price Amazon labels or our own price history backs it up. See{' '}
          <Link to={paths.todaysDeals()} className="font-medium text-blue-800 underline">
            today’s deals
          </Link>{' '}
          for the products that have one.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="top-saving-heading" className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="top-saving">
      <h2 id="top-saving-heading" className="text-lg font-semibold text-slate-900">
        Largest verified saving we track {scopeLabel}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {top.withSaving === 1 ? 'One product has' : `${top.withSaving} products have`} a verified saving; this one is the largest.
      </p>
      <div className="mt-3 space-y-2">
        <Link to={paths.product(product.asin)} className="font-medium break-words text-blue-800 underline">
          {product.title}
        </Link>
        <ProductPrice product={product} size="card" />
      </div>
    </section>
  );
}

export function DealLandingPage() {
  const { dealId = '' } = useParams();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const signed = params.has('sig');
  const check = useDealLinkCheck(search, signed);
  const checked = !signed || !check.isPending;
  const claims = check.data?.status === 'valid' ? check.data.claims : null;

  const asin = claims?.asin ?? namedAsin(dealId, params);
  const detail = useQuery({ ...productDetailQuery(asin ?? ''), enabled: asin !== null });
  const preset: DealPreset | null = isDealPresetSlug(dealId) ? DEAL_PRESETS[dealId] : null;
  const scopeLabel = preset?.scopeLabel ?? 'on Amazon UK';
  // A preset or the default page names the largest verified saving; a product or an owners' link speaks for itself.
  const wantsTopSaving = checked && claims === null && asin === null;
  const top = useTopSaving(preset?.slug ?? null, wantsTopSaving);

  const product = asin && detail.data ? detail.data.product : null;
  let deal: DealContent;
  if (product) deal = dealFromProduct(product);
  else if (preset) deal = withTopSaving(dealFromPreset(preset), top.data?.product ?? null, scopeLabel, preset.neutralLabel);
  else {
    const fallback = claims ? dealForClaimsOnly(trackingId(dealId)) : { ...DEFAULT_DEAL, slug: trackingId(dealId) };
    deal = top.data?.product ? withTopSaving(fallback, top.data.product, scopeLabel, null) : fallback;
  }
  if (claims) deal = withClaims(deal, claims);
  useDocumentTitle(deal.productTitle);

  const loading = !checked || (asin !== null && detail.isPending) || (wantsTopSaving && top.isPending);
  if (loading) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-24 text-slate-700">
        <Loader2 className="h-8 w-8 animate-spin text-blue-700" aria-hidden="true" />
        <p className="text-lg">Loading Deal...</p>
      </div>
    );
  }
  return (
    <DealLanding
      deal={deal}
      notice={<LinkNotice check={check.data} />}
      price={product ? <ProductPrice product={product} size="page" /> : undefined}
    >
      {/* A stale feed price is no current price: the chart draws no "Now" line for it. */}
      {product && detail.data && detail.data.history.length > 0 && (
        <PriceHistory history={detail.data.history} currentPrice={priceState(product) === 'current' ? product.price : null} />
      )}
      {wantsTopSaving && (preset || top.data?.product) && <TopSavingSection top={top.data} scopeLabel={scopeLabel} />}
    </DealLanding>
  );
}
