/**
 * Deal landing pages `/deal/{dealId}` and `/deal` (content-and-account-pages §2.6): a preset slug,
 * a generic deal from query parameters (title, discount, description, url, search), or an ASIN
 * (`/deal/{ASIN}` or `?asin=`) filled in from our catalogue with its price history. 'Loading
 * Deal...' while a product loads; a failed lookup keeps the default content (spec §8).
 * `/deals/{asin}` stays our product page with its price-history chart (web/routes/deal.route.tsx).
 */
import { useParams, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { isAsin } from '../../common/affiliate';
import { DealLanding } from '../features/deals/components/deal-landing';
import { DEAL_PRESETS, dealFromProduct, dealFromQuery } from '../features/deals/deal-presets';
import { useProductDetail } from '../features/products/api';
import { PriceHistory } from '../features/products/components/price-history';
import { useDocumentTitle } from '../lib/document-title.hook';

export function DealLandingPage() {
  const { dealId = '' } = useParams();
  const [params] = useSearchParams();
  const asinParam = (params.get('asin') ?? (isAsin(dealId.toUpperCase()) ? dealId : '')).trim().toUpperCase();
  const asin = isAsin(asinParam) ? asinParam : null;
  const detail = useProductDetail(asin ?? '');
  const fallback = DEAL_PRESETS[dealId] ?? { ...dealFromQuery(params), slug: dealId || 'deal-page' };
  const deal = asin && detail.data ? dealFromProduct(detail.data.product) : fallback;
  useDocumentTitle(deal.productTitle);

  if (asin && detail.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-24 text-slate-700">
        <Loader2 className="h-8 w-8 animate-spin text-blue-700" aria-hidden="true" />
        <p className="text-lg">Loading Deal...</p>
      </div>
    );
  }
  return (
    <DealLanding deal={deal}>
      {asin && detail.data && detail.data.history.length > 0 && (
        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <PriceHistory history={detail.data.history} currentPrice={detail.data.product.price} />
        </section>
      )}
    </DealLanding>
  );
}
