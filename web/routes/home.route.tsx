/**
 * Deal alerts home: `/` and `/deal-alerts` (shopper-screens §2 "Deal alerts home", §4): dated
 * heading, category buttons (Trending, Kitchen, Electronics, Fashion and Beauty record a category
 * click when a tracking e-mail is stored, §7), the product grid with refresh and pagination, the
 * alert dialog, the automatic price check of the visitor's alerts, and the empty-catalogue onboarding.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Pagination } from '../components/ui/pagination';
import { toast } from '../components/ui/toast';
import { useAutoPriceCheck } from '../features/alerts/api';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { LazyPreferencesSurvey } from '../features/preferences/components/lazy-preferences-survey';
import { EmptyCatalogue } from '../features/catalogue/components/empty-catalogue';
import { recordCategoryClick, TRACKED_HOME_CATEGORIES } from '../features/category-pages/api';
import { useProductSearch } from '../features/products/api';
import { CategoryButtons } from '../features/products/components/category-buttons';
import { ProductGrid } from '../features/products/components/product-grid';
import { homeCategoryCriteria, homeCategoryLabel, type HomeCategory } from '../features/products/search-criteria';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { useConfig } from '../lib/config.query';
import { formatLongDate } from '../lib/date.format';
import { useDocumentTitle } from '../lib/document-title.hook';
import { clampPage } from '../lib/pagination.rules';
import { formatCount } from '../../common/numbers';

export function HomePage() {
  useDocumentTitle("Today's Top Deals");
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<HomeCategory>('trending');
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const catalogueEmpty = config.data?.catalogueSize === 0;
  const search = useProductSearch(catalogueEmpty ? null : homeCategoryCriteria(category, { page, showAll }));
  const alternatives = useAlternativesDialog();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  useAutoPriceCheck({ email: session.email, token: session.token });

  const label = homeCategoryLabel(category);
  const totalPages = search.data?.totalPages ?? 1;

  function choose(next: HomeCategory) {
    if (TRACKED_HOME_CATEGORIES.has(next)) recordCategoryClick({ categoryName: homeCategoryLabel(next), categorySlug: next });
    setCategory(next);
    setShowAll(false);
    setPage(1);
  }

  function showAllProducts(all: boolean) {
    setShowAll(all);
    setPage(1);
  }

  function goToPage(next: number) {
    setPage(clampPage(next, totalPages));
    window.scrollTo({ top: 0 });
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: ['products', 'search'] });
    toast({ title: 'Refreshing deals', description: 'Fetching the latest products from Amazon UK' });
  }

  function searchAgain() {
    if (category === 'trending' && page === 1) void search.refetch();
    else choose('trending');
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Today's Top Deals - {formatLongDate(new Date())}</h1>
        <p className="mt-2 hidden max-w-3xl text-slate-700 md:block">
          Our deals team has sourced today's top deals for you. Please don't share this page: it keeps these deals for our subscribers.
        </p>
      </div>

      {catalogueEmpty ? (
        <EmptyCatalogue />
      ) : (
        <>
          <CategoryButtons selected={category} onSelect={choose} />
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">
                {category === 'trending' ? 'Trending deals' : showAll ? `All ${label} products` : `${label} deals`}
              </h2>
              <p className="h-5 text-sm text-slate-600">{search.isSuccess ? `${formatCount(search.data.total)} products` : ''}</p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {showAll && (
                <Button variant="ghost" size="sm" onClick={() => showAllProducts(false)}>
                  Discounted only
                </Button>
              )}
              <Button variant="secondary" size="sm" onClick={refresh} disabled={search.isFetching}>
                <RefreshCw className={search.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
                Refresh deals
              </Button>
            </div>
          </div>
          <ProductGrid
            status={search.isFetching && search.isError ? 'pending' : search.status}
            products={search.data?.products ?? []}
            affiliateTag={affiliateTag}
            onSetAlert={alertDialog.open}
            onShowAlternatives={alternatives.open}
            onRetry={() => void search.refetch()}
            onSearchAgain={searchAgain}
            emptyText={
              category !== 'trending' && !showAll
                ? `No ${label} products have a discount we can back up right now. We only show a saving when a list price or our own price history supports it.`
                : undefined
            }
            emptyActions={
              category !== 'trending' && !showAll ? (
                <Button onClick={() => showAllProducts(true)}>Show all {label} products</Button>
              ) : undefined
            }
          />
          {search.isSuccess && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="Deals pages" />}
        </>
      )}
      {alertDialog.element}
      {alternatives.element}
      <LazyPreferencesSurvey email={session.email} token={session.token} />
    </div>
  );
}
