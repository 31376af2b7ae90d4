/**
 * Today's deals, `/todays-deals` (shopper-screens §2 "Today's deals"; issue 8 part 2): the deals of
 * `GET /api/deals`, largest verified saving first, each card saying why it is a deal, then the other
 * products under their own heading ('Popular in {category}' only when the order is by popularity).
 * The grid's states, 'Confirm Deal Alert', 'Alternative Products', the preference survey for a
 * visitor with an e-mail (a signup lands here), and pagination with the page in the URL.
 *
 * Issue 27 ("No deal claim without a basis"; docs/design.md §5): the deal heading and intro only
 * while the listing counts verified deals (`verifiedDeals`); with none, a neutral heading ('Prices
 * we track today') and a plain note of why, since when prices are tracked, how deals appear and the
 * order of what is shown instead (../features/deals/components/listing-summary.tsx). The heading
 * waits (a placeholder) for the answer rather than claim deals it may not have.
 */
import { useSearchParams } from 'react-router';
import { getShopperCategory } from '../../common/categories';
import { Pagination } from '../components/ui/pagination';
import { Skeleton } from '../components/ui/skeleton';
import { listingPageWords } from '../components/product/listing-words';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { useDealListing } from '../features/deals/api';
import { ListingSummary } from '../features/deals/components/listing-summary';
import { LazyPreferencesSurvey } from '../features/preferences/components/lazy-preferences-survey';
import { ListingGrid } from '../features/products/components/listing-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { formatLongDate } from '../lib/date.format';
import { useDocumentTitle } from '../lib/document-title.hook';
import { usePageParam, useServedPage } from '../lib/page-param.hook';

export function TodaysDealsPage() {
  const [params, setParams] = useSearchParams();
  const category = getShopperCategory(params.get('category') ?? '') ?? null;
  const { page, goTo } = usePageParam();
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const listing = useDealListing({ kind: 'today', category: category?.key ?? null, page });
  useServedPage(page, listing.data?.page);
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const alternatives = useAlternativesDialog();
  const totalPages = listing.data?.totalPages ?? 1;

  const { heading, intro, deals, dealWords } = listingPageWords('deals', category, listing);
  useDocumentTitle(page > 1 ? `${heading} (page ${page})` : heading, { description: intro });

  /** Search Again: the first page of every category (or a fresh ask when already there). */
  function searchAgain() {
    if (category === null && page === 1) void listing.refetch();
    else setParams({});
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {deals === null ? (
            <>
              <span className="sr-only">Loading</span>
              <Skeleton inline className="h-8 w-64" />
            </>
          ) : (
            heading
          )}
        </h1>
        <p className="text-slate-700">{formatLongDate(new Date())}</p>
        {dealWords && (
          <p className="max-w-3xl text-sm text-slate-700">
            Every deal here says why it is one: a saving on Amazon's own list or was price, or a price below one it held for at least 28
            days in our price history.
          </p>
        )}
        <ListingSummary answer={listing.data} scope={category ? `in ${category.name}` : ''} />
      </div>
      <ListingGrid
        status={listing.status}
        products={listing.data?.products ?? []}
        dealsLabel={category ? `${category.name} deals` : 'Verified deals'}
        popularHeading={category ? `Popular in ${category.name}` : 'Popular right now'}
        plainHeading={dealWords ? 'Other products we track' : category ? `All ${category.name} products` : 'All products we track'}
        orderedBy={listing.data?.orderedBy}
        affiliateTag={affiliateTag}
        onSetAlert={alertDialog.open}
        onShowAlternatives={alternatives.open}
        onRetry={() => void listing.refetch()}
        onSearchAgain={searchAgain}
      />
      {listing.isSuccess && (
        <Pagination page={listing.data.page} totalPages={totalPages} onPageChange={(next) => goTo(next, totalPages)} label="Deals pages" />
      )}
      {alertDialog.element}
      {alternatives.element}
      <LazyPreferencesSurvey email={session.email} token={session.token} />
    </div>
  );
}
