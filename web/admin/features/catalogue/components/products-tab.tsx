/**
 * The 'products list' tab (admin-area §2 "Products tab", §5, §8, §9): search, category filter
 * (our ten categories and Other), sort by id/title/price/category asc/desc, 20 a page with
 * Previous/Next and 'Page x of y (n total products)', a row selection for deleting and a separate
 * one for e-mail generation (both kept across pages), bulk delete and per-row delete after a
 * confirmation, Copy Email HTML, and the catalogue-wide Clear cache and Clear all products (the
 * latter confirmed: 'This cannot be undone').
 *
 * Issue 29: the selection is kept across pages and said so ("N selected across pages, M not on
 * this page"); the bulk delete states the exact number, what goes with the products, how many of
 * them are not on this page, offers the catalogue download first, and above 100 asks for the number
 * to be typed (count-confirm-dialog.tsx). Each row has Edit (product-edit-dialog.tsx).
 */
import { useCallback, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Mail, Pencil, Trash2 } from 'lucide-react';
import { PRODUCTS_LIST_PAGE_SIZE } from '../../../../../common/admin-products';
import type { AdminProduct } from '../../../../../common/api/products.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { AdminSection } from '../../../components/admin-panel';
import { CatalogueMaintenance } from '../../../components/catalogue-maintenance';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { messageForPeople } from '../../../../lib/http.client';
import { useDeleteProduct, useDeleteProducts } from '../api';
import { useCopyEmailHtml } from '../copy-email.hook';
import { useProductList } from '../product-list.hook';
import { ProductFilters } from './product-filters';
import { ProductListBody } from './product-list-body';
import { ListedProductTable } from './product-table';
import { CountConfirmDialog } from './count-confirm-dialog';
import { ProductEditDialog } from './product-edit-dialog';

const selectedIds = (selection: RowSelectionState) => Object.keys(selection).filter((id) => selection[id]);
const without = (selection: RowSelectionState, ids: readonly string[]) => {
  const next = { ...selection };
  for (const id of ids) delete next[id];
  return next;
};
const products = (n: number) => `${n.toLocaleString('en-GB')} product${n === 1 ? '' : 's'}`;

export function ProductsTab({ tabKey }: { tabKey: string }) {
  const list = useProductList(tabKey, PRODUCTS_LIST_PAGE_SIZE);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [emailSelection, setEmailSelection] = useState<RowSelectionState>({});
  const deleteMany = useDeleteProducts();
  const { mutate: deleteOne } = useDeleteProduct();
  const { copy, busy: copying } = useCopyEmailHtml();
  const toDelete = selectedIds(selection);
  const forEmail = selectedIds(emailSelection);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const onThisPage = new Set((list.query.data?.products ?? []).map((p) => p.id));
  const offPage = toDelete.filter((id) => !onThisPage.has(id)).length;

  const forget = useCallback((ids: readonly string[]) => {
    setSelection((s) => without(s, ids));
    setEmailSelection((s) => without(s, ids));
  }, []);

  const clearSelections = useCallback(() => {
    setSelection({});
    setEmailSelection({});
  }, []);

  const bulkDelete = () =>
    deleteMany.mutate(toDelete, {
      onSuccess: ({ deletedCount }) => {
        forget(toDelete);
        const gone = toDelete.length - deletedCount;
        toast({
          title: 'Products deleted successfully',
          description: `${products(deletedCount)} deleted.${gone > 0 ? ` ${products(gone)} had already been deleted.` : ''}`,
        });
      },
      onError: (error) =>
        toast({ title: 'Failed to delete products', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
    });

  const rowAction = useCallback(
    (product: AdminProduct) => (
      <span className="inline-flex">
        <Button variant="ghost" size="icon" aria-label={`Edit ${product.title}`} className="h-8 w-8" onClick={() => setEditing(product)}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${product.title}`} className="h-8 w-8 text-red-700 hover:bg-red-50">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          }
          title="Delete this product?"
          description={`“${product.title}” (ASIN ${product.asin}) will be removed from the catalogue, the shopper pages and any category page. This cannot be undone.`}
          confirmLabel="Delete product"
          onConfirm={() =>
            deleteOne(product.id, {
              onSuccess: () => {
                forget([product.id]);
                toast({ title: 'Product deleted successfully', description: product.title });
              },
              onError: (error) =>
                toast({
                  title: 'Failed to delete product',
                  description: messageForPeople(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        />
      </span>
    ),
    [deleteOne, forget],
  );

  const data = list.query.data;
  return (
    <AdminSection
      title="Products"
      actions={<CatalogueMaintenance total={data?.pagination.total} filtered={list.filtered} onCleared={clearSelections} />}
    >
      <ProductFilters list={list} withSort />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Selected products">
        <Button
          variant="destructive"
          size="sm"
          disabled={toDelete.length === 0 || deleteMany.isPending}
          onClick={() => setConfirmingBulk(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {deleteMany.isPending ? 'Deleting…' : `Delete selected (${toDelete.length})`}
        </Button>
        <CountConfirmDialog
          open={confirmingBulk}
          onOpenChange={setConfirmingBulk}
          title={`Delete ${products(toDelete.length)}?`}
          count={toDelete.length}
          description={
            <>
              <p>
                With them go their price history and their places on category pages and the Under £15 list. Shoppers&apos; alerts on them
                keep the ASIN but stop being checked.
              </p>
              {offPage > 0 ? (
                <p className="font-medium text-slate-900">
                  {products(offPage)} of them {offPage === 1 ? 'is' : 'are'} on other pages, not shown here.
                </p>
              ) : null}
            </>
          }
          confirmLabel={`Delete ${products(toDelete.length)}`}
          onConfirm={bulkDelete}
        />
        <Button variant="secondary" size="sm" disabled={copying} onClick={() => void copy(forEmail)}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          {copying ? 'Copying…' : `Copy Email HTML (${forEmail.length})`}
        </Button>
        {toDelete.length + forEmail.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={clearSelections}>
            Clear selections
          </Button>
        ) : null}
        <p className="text-sm text-slate-600" aria-live="polite">
          {toDelete.length} selected to delete across pages{offPage > 0 ? ` (${offPage} not on this page)` : ''} · {forEmail.length}{' '}
          selected for e-mail
        </p>
      </div>
      <ProductListBody list={list} failure="Failed to load products">
        <ListedProductTable
          list={list}
          name="Products"
          pageSize={PRODUCTS_LIST_PAGE_SIZE}
          selection={selection}
          onSelectionChange={setSelection}
          selectLabel="Select"
          emailSelection={emailSelection}
          onEmailSelectionChange={setEmailSelection}
          rowAction={rowAction}
        />
      </ProductListBody>
      {editing ? (
        <ProductEditDialog
          key={editing.id}
          product={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </AdminSection>
  );
}
