/**
 * Category pages the owners create (shopper-screens §2 "Category page with {slug}", §8; admin-area
 * §3; issue 8 part 3), at `/category/{slug}`, `/category-pages/{slug}` (the spec's route list) and
 * the single-segment catch-all `/{slug}`: a trail whose last step is the category name, linking to
 * the page itself and loading it afresh (as the category deals pages' nav does, spec §2), the
 * page's name and description, its products (outbound links carry the page's own affiliate tag,
 * through `/go/{asin}?cp={slug}`), 'Get Deal Alerts' to /deal-alerts (with `?email=` when known)
 * and Back to Home. A page the API does not know: 'Category "{slug}" not found'. At the catch-all,
 * a segment that cannot be a slug is an ordinary 404 and is never asked for.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../common/paths';
import { Button, buttonClasses } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { isCategoryPageSlug, useCategoryPage } from '../features/category-pages/api';
import { ProductGrid } from '../features/products/components/product-grid';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { ApiError } from '../lib/http.client';
import { describe } from '../../common/page-meta';
import { useDocumentTitle } from '../lib/document-title.hook';
import { PageTrail } from '../shell/page-trail';
import { NotFoundPage } from './not-found.route';

/** `/category/{slug}` and `/category-pages/{slug}`. */
export function CategoryPagePage() {
  const { slug = '' } = useParams();
  if (!isCategoryPageSlug(slug)) return <CategoryMissing slug={slug} />;
  return <CategoryPageView key={slug} slug={slug} />;
}

/** `/{slug}`: only a well-formed slug is looked up; anything else is the site's 404 page. */
export function CategoryPageCatchAll() {
  const { slug = '' } = useParams();
  if (!isCategoryPageSlug(slug)) return <NotFoundPage />;
  return <CategoryPageView key={slug} slug={slug} />;
}

function CategoryPageView({ slug }: { slug: string }) {
  const { page, products } = useCategoryPage(slug);
  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  useDocumentTitle(page.data?.categoryPage.name ?? (page.isError ? 'Category not found' : 'Category'), {
    description: page.data ? describe.categoryPage(page.data.categoryPage) : undefined,
  });

  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <CategoryMissing slug={slug} />;
    return (
      <Notice title="Failed to load category information" role="alert">
        <p className="text-slate-700">An error occurred while loading the category. Please try again.</p>
        <Button onClick={() => void page.refetch()}>Try Again</Button>
      </Notice>
    );
  }

  const info = page.data?.categoryPage;
  const reload = () => {
    void page.refetch();
    void products.refetch();
  };
  const dealAlerts = session.email ? `${paths.dealAlerts()}?email=${encodeURIComponent(session.email)}` : paths.dealAlerts();
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        {info && (
          <div className="mb-3">
            <PageTrail
              steps={[{ to: paths.home(), label: 'Deal Alerts' }]}
              current={{ to: paths.categoryPage(slug), label: info.name }}
              onReload={reload}
            />
          </div>
        )}
        {info ? (
          <>
            <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{info.name}</h1>
            {info.description && <p className="mt-2 max-w-3xl text-slate-700">{info.description}</p>}
            <p className="mt-2 text-xs text-slate-600">
              As an Amazon Associate we earn from qualifying purchases made through this page (tag {info.affiliateTag}).
            </p>
          </>
        ) : (
          <div aria-busy="true" className="space-y-2">
            <span className="sr-only">Loading the category…</span>
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={dealAlerts} className={buttonClasses('success')}>
            Get Deal Alerts
          </Link>
          <Link to={paths.home()} className={buttonClasses('secondary')}>
            Back to Home
          </Link>
        </div>
      </div>
      {/* The cards' titles are h3: this level keeps the page's heading order (axe 'heading-order'). */}
      <h2 className="sr-only">Products on this page</h2>
      {products.isError && !(products.error instanceof ApiError && products.error.status === 404) ? (
        <Notice title="Failed to load products for this category" role="alert">
          <Button onClick={() => void products.refetch()}>Try Again</Button>
        </Notice>
      ) : (
        <ProductGrid
          status={products.isError ? 'pending' : products.status}
          products={products.data?.products ?? []}
          affiliateTag={affiliateTag}
          categoryPage={slug}
          // Cards without a verified saving show '£{price}' (shopper-screens §2 "Category deals pages" card).
          plainBadge="price"
          onSetAlert={alertDialog.open}
          onRetry={() => void products.refetch()}
          onSearchAgain={() => void products.refetch()}
          emptyText="The owners have not added products to this page yet."
        />
      )}
      {alertDialog.element}
    </div>
  );
}

function CategoryMissing({ slug }: { slug: string }) {
  useDocumentTitle('Category not found', { notFound: true });
  return (
    <Notice title={`Category "${slug}" not found`}>
      <p className="text-slate-700">There is no category page at this address. Today's deals are waiting on the home page.</p>
      <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
        Back to Home
      </Link>
    </Notice>
  );
}

function Notice({ title, role, children }: { title: string; role?: 'alert'; children: ReactNode }) {
  return (
    <div
      role={role}
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center"
    >
      <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
