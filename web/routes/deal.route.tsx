/**
 * Our product page, `/deals/:asin` (content-and-account-pages §2.6; linked from cards and alert
 * e-mails, DESIGN.md §4 "E-mail"): 'Loading Deal...', then the product with its price history;
 * an unknown ASIN shows a not-found message with Back to Home.
 */
import { paths } from '../../common/paths';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useProductDetail } from '../features/products/api';
import { ProductDetail } from '../features/products/components/product-detail';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { describe } from '../../common/page-meta';
import { useDocumentTitle } from '../lib/document-title.hook';
import { ApiError } from '../lib/http.client';

export function DealPage() {
  const asin = (useParams().asin ?? '').trim();
  const detail = useProductDetail(asin);
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const missing = detail.isError && detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
  useDocumentTitle(detail.data ? detail.data.product.title : missing ? 'Deal not found' : 'Deal', {
    description: detail.data ? describe.product(detail.data.product) : undefined,
    notFound: missing,
  });

  // The product renders as a transition (issue 7 "Pages": no long task when the answer arrives);
  // 'Loading Deal...' stays until it has.
  const shown = useDeferredValue(detail.data);

  if (detail.isError) {
    return (
      <div
        role={missing ? undefined : 'alert'}
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-10 text-center"
      >
        <h1 className="text-xl font-semibold text-slate-900">{missing ? 'Deal not found' : 'Unable to load this deal'}</h1>
        <p className="text-sm text-slate-700">
          {missing
            ? `We couldn't find a product with the code ${asin}. It may have left our catalogue.`
            : 'Something went wrong while loading this deal. Please try again.'}
        </p>
        <div className="flex gap-2">
          {!missing && <Button onClick={() => void detail.refetch()}>Try Again</Button>}
          <Link to={paths.home()} className={buttonClasses(missing ? 'primary' : 'secondary')}>
            Back to Home
          </Link>
        </div>
      </div>
    );
  }

  if (!shown) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-24 text-slate-700">
        <Loader2 className="h-8 w-8 animate-spin text-blue-700" aria-hidden="true" />
        <p className="text-lg">Loading Deal...</p>
      </div>
    );
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-700">
        <Link to="/deal-alerts" className="hover:underline">
          Today's deals
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{shown.product.categoryName ?? 'Deal'}</span>
      </nav>
      <ProductDetail detail={shown} affiliateTag={affiliateTag} onSetAlert={alertDialog.open} />
      {alertDialog.element}
    </>
  );
}
