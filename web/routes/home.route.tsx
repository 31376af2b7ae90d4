/**
 * Deal alerts home: `/` and `/deal-alerts` (shopper-screens §2 "Deal alerts home", §4): dated
 * heading, category buttons (Trending, Kitchen, Electronics, Fashion and Beauty record a category
 * click when a tracking e-mail is stored, §7), the product grid with refresh and pagination, the
 * alert dialog, the automatic price check of the visitor's alerts, and the empty-catalogue onboarding.
 * Below the listing, "Track any Amazon product" (issue 30; features/track): a pasted amazon.co.uk link
 * or ASIN opens that product's alert dialog when we hold or can fetch it; its code loads once the
 * page is idle or the box nears the viewport (lazy-track-product-box.tsx, first-load JS §7).
 *
 * Issue 27 (departures recorded in docs/design.md §5):
 * - The grid is the trending listing, `GET /api/deals/trending?category=` (not the spec's keyword
 *   search with discountOnly, which found nothing in nine of ten categories of a real feed without
 *   list prices): every product of the chosen category by its order, with its real count, each
 *   card with its deal basis when it has one.
 * - Deal words only with a basis: "Today's Top Deals - {date}" and the "deals team" line only
 *   while some product has a verified saving (every category's `verifiedDeals`); otherwise
 *   "Prices we track - {date}", and the listing says plainly that there are no verified deals,
 *   since when prices have been tracked, how deals appear and what the order is.
 */
import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Pagination } from '../components/ui/pagination';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { ordersByPopularity, verifiedDealCount } from '../components/product/listing-words';
import { useAutoPriceCheck } from '../features/alerts/alerts.query';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { LazyPreferencesSurvey } from '../features/preferences/components/lazy-preferences-survey';
import { recordCategoryClick, TRACKED_HOME_CATEGORIES } from '../features/category-pages/api';
import { useDealListing } from '../features/deals/api';
import { ListingSummary } from '../features/deals/components/listing-summary';
import { CategoryButtons } from '../features/products/components/category-buttons';
import { ListingGrid } from '../features/products/components/listing-grid';
import { LazyTrackProductBox } from '../features/track/components/lazy-track-product-box';
import { HOME_PAGE_SIZE, homeCategoryLabel, homeListingCategory, type HomeCategory } from '../features/products/search-criteria';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { useConfig } from '../lib/config.query';
import { formatLongDate } from '../lib/date.format';
import { useDocumentTitle } from '../lib/document-title.hook';
import { clampPage } from '../lib/pagination.rules';
import { formatTotal } from '../../common/numbers';

/** Shown only while the catalogue is empty (a new install): a lazy chunk, out of every other first load (§7). */
const EmptyCatalogue = lazy(() => import('../features/catalogue/components/empty-catalogue').then((m) => ({ default: m.EmptyCatalogue })));

/** The home's heading words: the spec's while some product has a verified saving, else neutral. */
const DEALS_TITLE = "Today's Top Deals";
const NEUTRAL_TITLE = 'Prices we track';

export function HomePage() {
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<HomeCategory>('trending');
  const [page, setPage] = useState(1);
  const catalogueEmpty = config.data?.catalogueSize === 0;
  const listing = useDealListing(
    { kind: 'trending', category: homeListingCategory(category), page, itemCount: HOME_PAGE_SIZE },
    { enabled: !catalogueEmpty },
  );
  // The page-wide figure for the heading: every category's first page (the default grid's own answer, cached).
  const everything = useDealListing({ kind: 'trending', category: null, page: 1, itemCount: HOME_PAGE_SIZE }, { enabled: !catalogueEmpty });
  const verifiedEverywhere = catalogueEmpty ? 0 : everything.isError ? 0 : verifiedDealCount(everything.data);
  const dealWords = verifiedEverywhere !== null && verifiedEverywhere > 0;
  useDocumentTitle(dealWords ? DEALS_TITLE : NEUTRAL_TITLE);
  const alternatives = useAlternativesDialog();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  useAutoPriceCheck({ email: session.email, token: session.token });

  const label = homeCategoryLabel(category);
  const totalPages = listing.data?.totalPages ?? 1;
  const verifiedHere = verifiedDealCount(listing.data) ?? 0;

  function choose(next: HomeCategory) {
    if (TRACKED_HOME_CATEGORIES.has(next)) recordCategoryClick({ categoryName: homeCategoryLabel(next), categorySlug: next });
    setCategory(next);
    setPage(1);
  }

  function goToPage(next: number) {
    setPage(clampPage(next, totalPages));
    window.scrollTo({ top: 0 });
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: ['deals'] });
    toast({ title: 'Refreshing', description: 'Loading the latest prices we hold' });
  }

  function searchAgain() {
    if (category === 'trending' && page === 1) void listing.refetch();
    else choose('trending');
  }

  const sectionHeading =
    verifiedHere > 0
      ? category === 'trending'
        ? 'Trending deals'
        : `${label} deals`
      : ordersByPopularity(listing.data?.orderedBy)
        ? category === 'trending'
          ? 'Trending products'
          : `Popular in ${label}`
        : category === 'trending'
          ? 'All categories'
          : `${label}: prices we track`;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {verifiedEverywhere === null ? (
            <>
              <span className="sr-only">Loading</span>
              <Skeleton inline className="h-8 w-72 max-w-full" />
            </>
          ) : (
            `${dealWords ? DEALS_TITLE : NEUTRAL_TITLE} - ${formatLongDate(new Date())}`
          )}
        </h1>
        {dealWords && (
          <p className="mt-2 hidden max-w-3xl text-slate-700 md:block">
            Our deals team has sourced today's top deals for you. Please don't share this page: it keeps these deals for our subscribers.
          </p>
        )}
      </div>

      {catalogueEmpty ? (
        <Suspense fallback={null}>
          <EmptyCatalogue />
        </Suspense>
      ) : (
        <>
          <CategoryButtons selected={category} onSelect={choose} />
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">{listing.isSuccess ? sectionHeading : label}</h2>
              <p className="h-5 text-sm text-slate-600">
                {listing.isSuccess
                  ? `${formatTotal(listing.data.total, listing.data.totalCapped)} ${listing.data.total === 1 && !listing.data.totalCapped ? 'product' : 'products'}`
                  : ''}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={refresh} disabled={listing.isFetching} className="shrink-0">
              <RefreshCw className={listing.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              {verifiedHere > 0 ? 'Refresh deals' : 'Refresh'}
            </Button>
          </div>
          {listing.isSuccess && <ListingSummary answer={listing.data} scope={category === 'trending' ? '' : `in ${label}`} />}
          <ListingGrid
            status={listing.isFetching && listing.isError ? 'pending' : listing.status}
            products={listing.data?.products ?? []}
            grouped={false}
            listHeading={false}
            dealsLabel={listing.isSuccess ? sectionHeading : label}
            popularHeading={sectionHeading}
            orderedBy={listing.data?.orderedBy}
            affiliateTag={affiliateTag}
            onSetAlert={alertDialog.open}
            onShowAlternatives={alternatives.open}
            onRetry={() => void listing.refetch()}
            onSearchAgain={searchAgain}
            emptyTitle="No products here yet"
            emptyText={`We don't track any ${label} products yet. Try another category.`}
          />
          {listing.isSuccess && (
            <Pagination page={listing.data.page} totalPages={totalPages} onPageChange={goToPage} label="Product pages" />
          )}
        </>
      )}
      {/* Issue 30: any amazon.co.uk product by its link; a product we hold opens its alert dialog. */}
      <LazyTrackProductBox onTrack={alertDialog.open} />
      {alertDialog.element}
      {alternatives.element}
      <LazyPreferencesSurvey email={session.email} token={session.token} />
    </div>
  );
}
