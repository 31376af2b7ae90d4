/**
 * Category deals pages, `/categories/{key}` and `/category-deals/{key}` (shopper-screens §2
 * "Category deals pages"; issue 8 part 3): 'Today's Top {category} Deals', today's date, the
 * category's description, top and bottom pagination, the deals of `GET /api/deals?category=` with
 * their basis, then popular fillers under 'Popular in {category}'. Cards show '{n}% OFF' or the
 * price and the 'Set Deal Alert' bell ('Confirm Deal Alert'). An unknown key: 'Category not found'.
 * Above the heading, the spec's nav: Deal Alerts, Today's Deals and the category name, which
 * reloads the category (web/shell/page-trail.tsx). Issue 27 ("No deal claim without a basis"): the
 * deal heading only while the answer counts verified deals (`verifiedDeals`), else
 * '{category}: prices we track' and the listing's summary of why (as /todays-deals does).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getShopperCategory, type ShopperCategory } from '../../common/categories';
import { paths } from '../../common/paths';
import { buttonClasses } from '../components/ui/button';
import { listingPageWords } from '../components/product/listing-words';
import { Pagination } from '../components/ui/pagination';
import { Skeleton } from '../components/ui/skeleton';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { dealListingQuery, useDealListing } from '../features/deals/api';
import { ListingSummary } from '../features/deals/components/listing-summary';
import { ListingGrid } from '../features/products/components/listing-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { formatLongDate } from '../lib/date.format';
import { useDocumentTitle } from '../lib/document-title.hook';
import { usePageParam, useServedPage } from '../lib/page-param.hook';
import { PageTrail } from '../shell/page-trail';

export function CategoryDealsPage() {
  const { key = '' } = useParams();
  const category = getShopperCategory(key);
  if (!category) return <CategoryNotFound />;
  // Keyed so another category starts afresh (its own page state and loading skeletons).
  return <CategoryDeals key={category.key} category={category} />;
}

function CategoryDeals({ category }: { category: ShopperCategory }) {
  const { page, goTo } = usePageParam();
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const listing = useDealListing({ kind: 'today', category: category.key, page });
  // Issue 27: 'Today's Top {category} Deals' only while the listing counts verified deals; with
  // none, neutral words ('{category}: prices we track') and the summary says why.
  const words = listingPageWords('deals', category, listing, true);
  useDocumentTitle(page > 1 ? `${words.heading} (page ${page})` : words.heading, { description: words.intro });
  useServedPage(page, listing.data?.page);
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const queryClient = useQueryClient();
  const totalPages = listing.data?.totalPages ?? 1;
  const pager = (where: string) =>
    listing.isSuccess && (
      <Pagination
        page={listing.data.page}
        totalPages={totalPages}
        onPageChange={(next) => goTo(next, totalPages)}
        label={`${category.name} deals pages, ${where}`}
      />
    );

  return (
    <div className="space-y-4">
      <PageTrail
        steps={[
          { to: paths.home(), label: 'Deal Alerts' },
          { to: paths.todaysDeals(), label: "Today's Deals" },
        ]}
        current={{ to: paths.categoryDeals(category.key), label: category.name }}
        // The category name reloads the category (spec §2): its first page, asked for afresh.
        onReload={() =>
          void queryClient.invalidateQueries({
            queryKey: dealListingQuery({ kind: 'today', category: category.key, page: 1 }).queryKey.slice(0, 3),
          })
        }
      />
      <div className="border-l-4 pl-4" style={{ borderColor: category.colour }}>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {words.deals === null ? (
            <>
              <span className="sr-only">Loading</span>
              <Skeleton inline className="h-8 w-64" />
            </>
          ) : (
            words.heading
          )}
        </h1>
        <p className="mt-1 text-slate-700">{formatLongDate(new Date())}</p>
        <p className="mt-2 max-w-3xl text-slate-700">{category.description}</p>
        <div className="mt-2">
          <ListingSummary answer={listing.data} scope={`in ${category.name}`} />
        </div>
      </div>
      {pager('top')}
      <ListingGrid
        status={listing.status}
        products={listing.data?.products ?? []}
        popularHeading={`Popular in ${category.name}`}
        plainHeading={words.dealWords ? 'Other products we track' : `All ${category.name} products`}
        dealsLabel={`${category.name} deals`}
        orderedBy={listing.data?.orderedBy}
        plainBadge="price"
        affiliateTag={affiliateTag}
        onSetAlert={alertDialog.open}
        onRetry={() => void listing.refetch()}
        onSearchAgain={() => (page === 1 ? void listing.refetch() : goTo(1, totalPages))}
      />
      {pager('bottom')}
      {alertDialog.element}
    </div>
  );
}

function CategoryNotFound() {
  useDocumentTitle('Category not found', { notFound: true });
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Category not found</h1>
      <p className="text-slate-700">We have no deals category by that name.</p>
      <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
        Back to Home
      </Link>
    </div>
  );
}
