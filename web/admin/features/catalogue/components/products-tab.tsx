/**
 * The 'products list' tab (admin-area §2 "Products tab", §5, §8, §9): search, category filter
 * (our ten categories and Other), sort by id/title/price/category asc/desc, 20 a page with
 * Previous/Next and 'Page x of y (n total products)', a row selection for deleting and a separate
 * one for e-mail generation (both kept across pages), bulk delete and per-row delete after a
 * confirmation, Copy Email HTML, and the catalogue-wide Clear cache and Clear all products (the
 * latter confirmed; since decision 0027 it says the products can be restored for 30 days).
 *
 * Issue 29: the selection is kept across pages and said so ("N selected across pages, M not on
 * this page"); the bulk delete states the exact number, what goes with the products, how many of
 * them are not on this page, offers the catalogue download first, and above 100 asks for the number
 * to be typed (count-confirm-dialog.tsx). Each row has Edit (product-edit-dialog.tsx). Once some
 * rows are ticked, "Select all M matching" selects every product the filter matches (deleted by
 * the filter on the server, `POST /api/admin/products/delete-matching`); another filter leaves it.
 * Page, sort and filters are in the URL (product-list.hook.ts).
 *
 * Deleted products can be restored for 30 days (decision 0027): the delete's success toast has a
 * "Restore" button that puts back what it deleted, and "Recently deleted" under the list
 * (recently-deleted.tsx) lists them with "Restore selected".
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
import { useDeleteMatchingProducts, useDeleteProduct, useDeleteProducts, useRestoreProducts } from '../api';
import { useCopyEmailHtml } from '../copy-email.hook';
import { useProductList } from '../product-list.hook';
import { ProductFilters } from './product-filters';
import { ProductListBody } from './product-list-body';
import { ListedProductTable } from './product-table';
import { CountConfirmDialog } from './count-confirm-dialog';
import { ProductEditDialog } from './product-edit-dialog';
import { RecentlyDeleted, restoredMessage } from './recently-deleted';

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
  const { mutate: restore } = useRestoreProducts();
  const { copy, busy: copying } = useCopyEmailHtml();
  const toDelete = selectedIds(selection);
  const forEmail = selectedIds(emailSelection);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const onThisPage = new Set((list.query.data?.products ?? []).map((p) => p.id));
  // Issue 29 "select all M matching": every product the filter matches, deleted on the server by the
  // filter (never only the ids on screen); left when the filter changes.
  const matchingTotal = list.query.data?.pagination.total ?? 0;
  const [allMatching, setAllMatching] = useState(false);
  const filterKey = `${list.category}\u0000${list.search}\u0000${list.status}`;
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (seenFilter !== filterKey) {
    setSeenFilter(filterKey);
    setAllMatching(false);
  }
  const deleteMatching = useDeleteMatchingProducts();
  const deleteCount = allMatching ? matchingTotal : toDelete.length;
  const offPage = allMatching ? Math.max(0, matchingTotal - onThisPage.size) : toDelete.filter((id) => !onThisPage.has(id)).length;
  const shownSelection: RowSelectionState = allMatching ? Object.fromEntries([...onThisPage].map((id) => [id, true])) : selection;
  const changeSelection = (next: RowSelectionState) => {
    setAllMatching(false);
    setSelection(next);
  };
  const confirmedDelete = () => {
    if (!allMatching) return bulkDelete();
    deleteMatching.mutate(
      { category: list.category, search: list.search, status: list.status, confirmDeleteCount: matchingTotal },
      {
        onSuccess: ({ deletedCount }) => {
          setAllMatching(false);
          setSelection({});
          toast({ title: 'Products deleted successfully', description: `${products(deletedCount)} matching the filter deleted.` });
        },
        onError: (error) =>
          toast({
            title: 'Nothing was deleted',
            description: messageForPeople(error, 'The products matching the filter changed. Check the count and try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const forget = useCallback((ids: readonly string[]) => {
    setSelection((s) => without(s, ids));
    setEmailSelection((s) => without(s, ids));
  }, []);

  const clearSelections = useCallback(() => {
    setSelection({});
    setEmailSelection({});
    setAllMatching(false);
  }, []);

  /** The delete toast's "Restore" button: puts `asins` back at once. */
  const restoreAction = useCallback(
    (asins: readonly string[] | undefined) =>
      asins && asins.length > 0
        ? {
            label: 'Restore',
            altText: 'Restore them from Recently deleted, below the product list',
            onClick: () =>
              restore(asins, {
                onSuccess: (result) => toast({ title: 'Products restored', description: restoredMessage(result) }),
                onError: (error) =>
                  toast({
                    title: 'Nothing was restored',
                    description: messageForPeople(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              }),
          }
        : undefined,
    [restore],
  );

  const bulkDelete = () =>
    deleteMany.mutate(toDelete, {
      onSuccess: ({ deletedCount, asins }) => {
        forget(toDelete);
        const gone = toDelete.length - deletedCount;
        toast({
          title: 'Products deleted successfully',
          description: `${products(deletedCount)} deleted; restorable for 30 days.${gone > 0 ? ` ${products(gone)} had already been deleted.` : ''}`,
          duration: 10_000,
          action: restoreAction(asins),
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
          description={`“${product.title}” (ASIN ${product.asin}) will be removed from the catalogue, the shopper pages and any category page. You can restore it with its price history for 30 days (Recently deleted).`}
          confirmLabel="Delete product"
          onConfirm={() =>
            deleteOne(product.id, {
              onSuccess: ({ asins }) => {
                forget([product.id]);
                toast({
                  title: 'Product deleted successfully',
                  description: product.title,
                  duration: 10_000,
                  action: restoreAction(asins ?? [product.asin]),
                });
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
    [deleteOne, forget, restoreAction],
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
          disabled={deleteCount === 0 || deleteMany.isPending || deleteMatching.isPending}
          onClick={() => setConfirmingBulk(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {deleteMany.isPending || deleteMatching.isPending
            ? 'Deleting…'
            : allMatching
              ? `Delete all matching (${deleteCount.toLocaleString('en-GB')})`
              : `Delete selected (${toDelete.length})`}
        </Button>
        <CountConfirmDialog
          open={confirmingBulk}
          onOpenChange={setConfirmingBulk}
          title={allMatching ? `Delete all ${products(deleteCount)} matching the filter?` : `Delete ${products(toDelete.length)}?`}
          count={deleteCount}
          description={
            <>
              <p>
                With them go their price history and their places on category pages and the Under £15 list. Shoppers&apos; alerts on them
                keep the ASIN but stop being checked.
              </p>
              <p>You can restore them with their history for 30 days (Recently deleted, below the list).</p>
              {offPage > 0 ? (
                <p className="font-medium text-slate-900">
                  {products(offPage)} of them {offPage === 1 ? 'is' : 'are'} on other pages, not shown here.
                </p>
              ) : null}
            </>
          }
          confirmLabel={`Delete ${products(deleteCount)}`}
          onConfirm={confirmedDelete}
        />
        <Button variant="secondary" size="sm" disabled={copying} onClick={() => void copy(forEmail)}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          {copying ? 'Copying…' : `Copy Email HTML (${forEmail.length})`}
        </Button>
        {!allMatching && toDelete.length > 0 && matchingTotal > toDelete.length ? (
          <Button variant="ghost" size="sm" className="text-blue-800 underline" onClick={() => setAllMatching(true)}>
            Select all {matchingTotal.toLocaleString('en-GB')} matching
          </Button>
        ) : null}
        {deleteCount + forEmail.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={clearSelections}>
            Clear selections
          </Button>
        ) : null}
        <p className="text-sm text-slate-600" aria-live="polite">
          {allMatching
            ? `All ${matchingTotal.toLocaleString('en-GB')} matching products selected to delete`
            : `${toDelete.length} selected to delete across pages${offPage > 0 ? ` (${offPage} not on this page)` : ''}`}{' '}
          · {forEmail.length} selected for e-mail
        </p>
      </div>
      <ProductListBody list={list} failure="Failed to load products">
        <ListedProductTable
          list={list}
          name="Products"
          pageSize={PRODUCTS_LIST_PAGE_SIZE}
          selection={shownSelection}
          onSelectionChange={changeSelection}
          selectLabel="Select"
          emailSelection={emailSelection}
          onEmailSelectionChange={setEmailSelection}
          rowAction={rowAction}
        />
      </ProductListBody>
      <RecentlyDeleted tabKey={tabKey} />
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
