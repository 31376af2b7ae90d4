/**
 * Trending, `/todays-deals2` (`/todaysdeals2` redirects here, DESIGN.md §5; shopper-screens §2
 * "Trending deals"; issue 8 part 2): title, today's date, the six-button category grid, products in
 * the listing's order (`GET /api/deals/trending`: trending score, docs/decisions/0002) with each
 * deal's basis, 'No trending products found', pagination with first and last page and ellipses,
 * and the 'Set Price Drop Alert' dialog. Category and page live in the URL.
 *
 * Issue 27 ("No deal claim without a basis"; docs/design.md §5): 'Trending Deals' and the note not
 * to share the page only while the listing counts verified deals; otherwise 'Trending products'
 * when the order is by trending score, else 'Prices we track', with a plain note of why, since
 * when prices are tracked, how deals appear and the order in words
 * (../features/deals/components/listing-summary.tsx).
 */
import { useSearchParams } from 'react-router';
import { getShopperCategory, type ShopperCategoryKey } from '../../common/categories';
import { Pagination } from '../components/ui/pagination';
import { Skeleton } from '../components/ui/skeleton';
import { listingPageWords } from '../components/product/listing-words';
import { usePriceDropAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useDealListing } from '../features/deals/api';
import { ListingSummary } from '../features/deals/components/listing-summary';
import { TRENDING_CATEGORY_KEYS, TrendingCategories } from '../features/deals/components/trending-categories';
import { ListingGrid } from '../features/products/components/listing-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { formatLongDate } from '../lib/date.format';
import { useDocumentTitle } from '../lib/document-title.hook';
import { usePageParam, useServedPage } from '../lib/page-param.hook';

export function TrendingPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('category') ?? '';
  const category = (TRENDING_CATEGORY_KEYS as readonly string[]).includes(wanted) ? (wanted as ShopperCategoryKey) : null;
  const categoryName = category ? getShopperCategory(category)?.name : undefined;
  const { page, goTo } = usePageParam();
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const listing = useDealListing({ kind: 'trending', category, page });
  useServedPage(page, listing.data?.page);
  const alertDialog = usePriceDropAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const totalPages = listing.data?.totalPages ?? 1;

  const { heading, intro, deals, dealWords } = listingPageWords('trending', null, listing);
  useDocumentTitle(page > 1 ? `${heading} (page ${page})` : heading, { description: intro });

  /** A category starts at its first page. */
  function choose(key: ShopperCategoryKey | null) {
    setParams(key ? { category: key } : {});
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
          <p className="max-w-3xl text-sm text-slate-700">Please don't share this page: it keeps these deals for our subscribers.</p>
        )}
        <ListingSummary answer={listing.data} scope={categoryName ? `in ${categoryName}` : ''} />
      </div>
      <TrendingCategories selected={category} onSelect={choose} />
      <ListingGrid
        status={listing.status}
        products={listing.data?.products ?? []}
        popularHeading={categoryName ? `Popular in ${categoryName}` : 'Popular right now'}
        dealsLabel={categoryName ?? 'All categories'}
        orderedBy={listing.data?.orderedBy}
        grouped={false}
        affiliateTag={affiliateTag}
        onSetAlert={alertDialog.open}
        onRetry={() => void listing.refetch()}
        onSearchAgain={() => (category === null && page === 1 ? void listing.refetch() : choose(null))}
        emptyTitle="No trending products found"
        emptyText="Nothing is trending here yet. Try another category."
      />
      {listing.isSuccess && (
        <Pagination
          page={listing.data.page}
          totalPages={totalPages}
          onPageChange={(next) => goTo(next, totalPages)}
          label="Trending pages"
          withEnds
        />
      )}
      {alertDialog.element}
    </div>
  );
}
