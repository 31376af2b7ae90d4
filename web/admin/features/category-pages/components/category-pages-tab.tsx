/**
 * The admin tab 'Categories (category pages management)' (admin-area §2; issue 11 part 3): the
 * create form, the list of pages with product counts, inline tag edit and delete, and the View
 * Products panel of the selected page. The selected page is kept in the URL (`?page={slug}`), so
 * it can be linked and survives Refresh.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { useConfig } from '../../../../lib/config.query';
import { messageForPeople } from '../../../../lib/http.client';
import { adminCategoryPagesQuery, useCategoryPageWrites } from '../api';
import { CategoryPageProductsPanel } from './category-page-products-panel';
import { CategoryPagesList } from './category-pages-list';
import { CreateCategoryPageForm } from './create-category-page-form';

export function CategoryPagesTab({ tabKey }: { tabKey: string }) {
  const pages = useQuery(adminCategoryPagesQuery(tabKey));
  const writes = useCategoryPageWrites(tabKey);
  const config = useConfig();
  const [params, setParams] = useSearchParams();
  const selectedSlug = params.get('page');
  const select = useCallback(
    (slug: string | null) =>
      setParams(
        (was) => {
          const next = new URLSearchParams(was);
          if (slug) next.set('page', slug);
          else next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const selected = pages.data?.categoryPages.find((p) => p.slug === selectedSlug) ?? null;

  return (
    <div>
      <CreateCategoryPageForm writes={writes} defaultTag={config.data?.affiliateTag} onCreated={select} />
      <section aria-labelledby="category-pages-heading" className="mt-6">
        <h2 id="category-pages-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Category pages
          {pages.data ? <span className="ml-2 text-sm font-normal text-slate-600">({pages.data.categoryPages.length})</span> : null}
        </h2>
        {pages.isPending ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">
            Loading category pages…
          </p>
        ) : pages.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-white p-6 text-center text-sm text-red-700">
            <p>{messageForPeople(pages.error, 'Failed to load category pages.')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void pages.refetch()}>
              Try again
            </Button>
          </div>
        ) : pages.data.categoryPages.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
            No category pages yet. Create the first one above: give it a name, then add its products by CSV.
          </p>
        ) : (
          <CategoryPagesList pages={pages.data.categoryPages} writes={writes} selectedSlug={selected?.slug ?? null} onSelect={select} />
        )}
      </section>
      {selected ? (
        <CategoryPageProductsPanel key={selected.slug} tabKey={tabKey} page={selected} writes={writes} onClose={() => select(null)} />
      ) : null}
    </div>
  );
}
