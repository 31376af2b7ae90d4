/**
 * The admin tab 'Categories (category pages management)' (admin-area §2; issue 11 part 3): the
 * create form, the list of pages with product counts, inline tag edit and delete, and the View
 * Products panel of the selected page. The selected page is kept in the URL (`?page={slug}`), so
 * it can be linked and survives Refresh.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminQueryState } from '../../../components/admin-states';
import { useConfig } from '../../../../lib/config.query';
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
        <AdminQueryState
          query={pages}
          loading="Loading category pages…"
          failed="Failed to load category pages."
          empty={(data) =>
            data.categoryPages.length === 0 &&
            'No category pages yet. Create the first one above: give it a name, then add its products by CSV.'
          }
        >
          {(data) => (
            <CategoryPagesList pages={data.categoryPages} writes={writes} selectedSlug={selected?.slug ?? null} onSelect={select} />
          )}
        </AdminQueryState>
      </section>
      {selected ? (
        <CategoryPageProductsPanel key={selected.slug} tabKey={tabKey} page={selected} writes={writes} onClose={() => select(null)} />
      ) : null}
    </div>
  );
}
