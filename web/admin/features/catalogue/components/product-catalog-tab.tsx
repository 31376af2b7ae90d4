/**
 * The 'Product Catalog' tab (admin-area §2 "Product Catalog tab", §7, §8, §9): a fresh-load button
 * (`fresh=true` and a timestamp), search box, category select (our ten categories and Other), the
 * selection count, Copy Email HTML, 100 products a page. The selection is kept across pages and
 * filters, so an owner can collect products for one e-mail from anywhere in the catalogue.
 */
import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Mail, RefreshCw } from 'lucide-react';
import { PRODUCT_CATALOG_PAGE_SIZE } from '../../../../../common/admin-products';
import { Button } from '../../../../components/ui/button';
import { AdminSection } from '../../../components/admin-panel';
import { useCopyEmailHtml } from '../copy-email.hook';
import { useProductList } from '../product-list.hook';
import { ProductFilters } from './product-filters';
import { ProductListBody } from './product-list-body';
import { ListedProductTable } from './product-table';

export function ProductCatalogTab({ tabKey }: { tabKey: string }) {
  const list = useProductList(tabKey, PRODUCT_CATALOG_PAGE_SIZE);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const { copy, busy } = useCopyEmailHtml();
  const selected = Object.keys(selection).filter((id) => selection[id]);

  return (
    <AdminSection
      title="Product Catalog"
      actions={
        <Button variant="secondary" size="sm" onClick={list.loadFresh} disabled={list.query.isFetching}>
          <RefreshCw className={list.query.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          {list.query.isFetching ? 'Loading…' : 'Load fresh catalogue'}
        </Button>
      }
    >
      <ProductFilters list={list} withSort={false} />
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {selected.length.toLocaleString('en-GB')} selected
        </p>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void copy(selected)}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          {busy ? 'Copying…' : 'Copy email HTML'}
        </Button>
        {selected.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setSelection({})}>
            Clear selection
          </Button>
        ) : null}
      </div>
      <ProductListBody list={list} failure="Failed to load product catalog">
        <ListedProductTable
          list={list}
          name="Product catalog"
          pageSize={PRODUCT_CATALOG_PAGE_SIZE}
          selection={selection}
          onSelectionChange={setSelection}
          selectLabel="Select for e-mail"
        />
      </ProductListBody>
    </AdminSection>
  );
}
