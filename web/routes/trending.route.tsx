/**
 * Trending deals, `/todays-deals2` (`/todaysdeals2` redirects here, DESIGN.md §5; shopper-screens
 * §2 "Trending deals"; issue 8 part 2): title, today's date, the note not to share the page, the
 * six-button category grid, products by trending score (`GET /api/deals/trending`) with each deal's
 * basis, 'No trending products found', pagination with first and last page and ellipses, and the
 * 'Set Price Drop Alert' dialog. Category and page live in the URL.
 */
import { useSearchParams } from 'react-router';
import { getShopperCategory, type ShopperCategoryKey } from '../../common/categories';
import { Pagination } from '../components/ui/pagination';
import { usePriceDropAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useDealListing } from '../features/deals/api';
import { TRENDING_CATEGORY_KEYS, TrendingCategories } from '../features/deals/components/trending-categories';
import { ListingGrid } from '../features/products/components/listing-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { formatLongDate } from '../lib/date.format';
import { describe } from '../../common/page-meta';
import { useDocumentTitle } from '../lib/document-title.hook';
import { usePageParam, useServedPage } from '../lib/page-param.hook';

export function TrendingPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('category') ?? '';
  const category = (TRENDING_CATEGORY_KEYS as readonly string[]).includes(wanted) ? (wanted as ShopperCategoryKey) : null;
  const categoryName = category ? getShopperCategory(category)?.name : undefined;
  const { page, goTo } = usePageParam();
  const words = describe.listing('trending', null);
  useDocumentTitle(page > 1 ? `${words.heading} (page ${page})` : words.heading, { description: words.intro });
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const listing = useDealListing({ kind: 'trending', category, page });
  useServedPage(page, listing.data?.page);
  const alertDialog = usePriceDropAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const totalPages = listing.data?.totalPages ?? 1;

  /** A category starts at its first page. */
  function choose(key: ShopperCategoryKey | null) {
    setParams(key ? { category: key } : {});
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Trending Deals</h1>
        <p className="mt-1 text-slate-700">{formatLongDate(new Date())}</p>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          What shoppers are watching right now. Please don't share this page: it keeps these deals for our subscribers.
        </p>
      </div>
      <TrendingCategories selected={category} onSelect={choose} />
      <ListingGrid
        status={listing.status}
        products={listing.data?.products ?? []}
        popularHeading={categoryName ? `Popular in ${categoryName}` : 'Popular right now'}
        dealsLabel={categoryName ? `Trending in ${categoryName}` : 'Trending products'}
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
