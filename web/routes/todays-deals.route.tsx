/**
 * Today's deals, `/todays-deals` (shopper-screens §2 "Today's deals"; issue 8 part 2): the deals of
 * `GET /api/deals`, largest honest saving first, each card saying why it is a deal, then popular
 * fillers under 'Popular right now' (or 'Popular in {category}' with `?category=`). The grid's
 * states, 'Confirm Deal Alert', 'Alternative Products', the preference survey for a visitor with
 * an e-mail (a signup lands here), and pagination with the page in the URL.
 */
import { useSearchParams } from 'react-router';
import { getShopperCategory } from '../../common/categories';
import { Pagination } from '../components/ui/pagination';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { useDealListing } from '../features/deals/api';
import { LazyPreferencesSurvey } from '../features/preferences/components/lazy-preferences-survey';
import { ListingGrid } from '../features/products/components/listing-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { formatLongDate } from '../lib/date.format';
import { describe } from '../../common/page-meta';
import { useDocumentTitle } from '../lib/document-title.hook';
import { usePageParam, useServedPage } from '../lib/page-param.hook';
import { formatCount } from '../../common/numbers';

export function TodaysDealsPage() {
  const [params, setParams] = useSearchParams();
  const category = getShopperCategory(params.get('category') ?? '') ?? null;
  const { page, goTo } = usePageParam();
  const words = describe.listing('deals', category);
  useDocumentTitle(page > 1 ? `${words.heading} (page ${page})` : words.heading, { description: words.intro });
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const listing = useDealListing({ kind: 'today', category: category?.key ?? null, page });
  useServedPage(page, listing.data?.page);
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const alternatives = useAlternativesDialog();
  const totalPages = listing.data?.totalPages ?? 1;

  /** Search Again: the first page of every category (or a fresh ask when already there). */
  function searchAgain() {
    if (category === null && page === 1) void listing.refetch();
    else setParams({});
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Today's {category ? `${category.name} ` : ''}Deals</h1>
        <p className="mt-1 text-slate-700">{formatLongDate(new Date())}</p>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Every deal here says why it is one: a saving on the retailer's list price, or a price below what we have seen it sell for
          recently.
        </p>
        <p className="mt-2 h-5 text-sm text-slate-600" role="status">
          {listing.isSuccess && listing.data.total > 0 ? dealCount(listing.data.totalDeals) : ''}
        </p>
      </div>
      <ListingGrid
        status={listing.status}
        products={listing.data?.products ?? []}
        popularHeading={category ? `Popular in ${category.name}` : 'Popular right now'}
        dealsLabel={category ? `${category.name} deals` : "Today's deals"}
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

function dealCount(deals: number): string {
  if (deals === 0) return 'No deals right now: our most popular products instead';
  return `${formatCount(deals)} ${deals === 1 ? 'deal' : 'deals'} today`;
}
