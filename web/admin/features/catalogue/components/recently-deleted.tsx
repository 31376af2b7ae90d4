/**
 * "Recently deleted" in the Products tab (issue 29 "deleted products and their history can be
 * restored for 30 days"; docs/decisions/0027-product-archive.md): how many products were deleted in
 * the last 30 days, a searchable, paged list of them (newest first) with what comes back with each
 * (price points, category pages, the Under £15 list), who deleted it and until when it can be
 * restored, "Restore selected" (the selection is kept across pages and said so), and "Restore all N"
 * (every listed product, matching the search: a whole mistaken Replace All in one call).
 *
 * Restoring is all or nothing: the server's 409 (an ASIN in the catalogue again), 410 (deleted over
 * 30 days ago) or 404 names the ASINs, and the toast shows that message.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Search } from 'lucide-react';
import { DELETED_PRODUCTS_PAGE_SIZE, type DeletedProduct } from '../../../../../common/api/product-archive.admin.schema';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { AdminPager } from '../../../components/admin-paging';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Input } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast';
import { formatDateTime, formatShortDate } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { deletedProductsQuery, useRestoreAllListed, useRestoreProducts } from '../api';
import { categoryName, formatGbp } from '../catalogue-labels';

const REASONS: Record<string, string> = {
  delete: 'Deleted',
  'bulk-delete': 'Bulk delete',
  'clear-all': 'Clear all products',
  replace: 'Replace All',
};

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "3 price points · 1 category page · Under £15 list": what comes back with the product. */
function comesBackWith(p: DeletedProduct): string {
  const parts = [count(p.priceObservationCount, 'price point')];
  if (p.categoryPageCount > 0) parts.push(count(p.categoryPageCount, 'category page'));
  if (p.onUnder15List) parts.push('Under £15 list');
  return parts.join(' · ');
}

/** Says what a restore put back, for the toast. */
export function restoredMessage(r: { restored: number; priceObservations: number; categoryPageEntriesSkipped: number }): string {
  const skipped =
    r.categoryPageEntriesSkipped > 0
      ? ` ${count(r.categoryPageEntriesSkipped, 'category-page place')} not put back: the page was deleted.`
      : '';
  return `${count(r.restored, 'product')} back in the catalogue with ${count(r.priceObservations, 'price point')}.${skipped}`;
}

export function RecentlyDeleted({ tabKey }: { tabKey: string }) {
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery(deletedProductsQuery(tabKey, { page, limit: DELETED_PRODUCTS_PAGE_SIZE, search }));
  const restore = useRestoreProducts();
  const restoreAll = useRestoreAllListed();
  const data = query.data;
  const rows = useMemo(() => data?.products ?? [], [data]);
  const onPage = new Set(rows.map((r) => r.asin));
  const offPage = [...chosen].filter((a) => !onPage.has(a)).length;

  const toggle = useCallback((asin: string, on: boolean) => {
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(asin);
      else next.delete(asin);
      return next;
    });
  }, []);
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(r.asin));
  const someOnPage = rows.some((r) => chosen.has(r.asin));

  const restoreChosen = () => {
    const asins = [...chosen];
    restore.mutate(asins, {
      onSuccess: (result) => {
        setChosen(new Set());
        toast({ title: 'Products restored', description: restoredMessage(result) });
      },
      onError: (error) =>
        toast({ title: 'Nothing was restored', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  const columns = useMemo<ReadonlyArray<AdminColumn<DeletedProduct>>>(
    () => [
      {
        id: 'select',
        header: (
          <AdminCheckbox
            label="Select all deleted products on this page"
            checked={allOnPage}
            indeterminate={someOnPage}
            onChange={(on) => {
              for (const r of rows) toggle(r.asin, on);
            }}
          />
        ),
        label: 'Select',
        cell: (p) => (
          <AdminCheckbox label={`Select ${p.title}`} size="lg" checked={chosen.has(p.asin)} onChange={(on) => toggle(p.asin, on)} />
        ),
        headerClassName: 'w-10',
      },
      {
        id: 'product',
        header: 'Product',
        mobile: 'grow',
        cell: (p) => (
          <div className="min-w-0">
            <p className="line-clamp-2 font-medium text-slate-900">{p.title}</p>
            <p className="text-xs text-slate-600">
              ASIN {p.asin} · {categoryName(p.category)} · {formatGbp(p.price)}
            </p>
          </div>
        ),
        cellTitle: (p) => p.title,
      },
      { id: 'with', header: 'Comes back with', mobile: 'full', mobileLabel: 'Comes back with', cell: (p) => comesBackWith(p) },
      {
        id: 'deleted',
        header: 'Deleted',
        mobile: 'full',
        mobileLabel: 'Deleted',
        cell: (p) => (
          <span>
            <time dateTime={p.deletedAt}>{formatDateTime(p.deletedAt)}</time>
            <span className="block text-xs text-slate-600">
              {REASONS[p.reason] ?? p.reason}
              {p.deletedBy ? ` by ${p.deletedBy}` : ''}
            </span>
          </span>
        ),
      },
      {
        id: 'until',
        header: 'Restorable until',
        mobile: 'full',
        mobileLabel: 'Restorable until',
        cell: (p) => <time dateTime={p.restorableUntil}>{formatShortDate(p.restorableUntil)}</time>,
      },
    ],
    [allOnPage, someOnPage, rows, chosen, toggle],
  );

  const total = data?.pagination.total;
  const restoreEveryListed = () => {
    if (total === undefined) return;
    restoreAll.mutate(
      { search, confirmCount: total },
      {
        onSuccess: (result) => {
          setChosen(new Set());
          toast({ title: 'Products restored', description: restoredMessage(result) });
        },
        onError: (error) =>
          toast({ title: 'Nothing was restored', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };
  const busy = restore.isPending || restoreAll.isPending;
  return (
    <AdminPanel
      title="Recently deleted"
      note={total === undefined ? '(restorable for 30 days)' : `(${count(total, 'product')}, restorable for 30 days)`}
      actionsAlign="end"
      actions={
        <div className="w-full sm:w-64">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            Search deleted products
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-500" aria-hidden="true" />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="Title or ASIN"
              className="pl-9"
              maxLength={200}
            />
          </div>
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-2 px-4 py-3" role="group" aria-label="Selected deleted products">
        <Button size="sm" disabled={chosen.size === 0 || busy} onClick={restoreChosen}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {restore.isPending ? 'Restoring…' : `Restore selected (${chosen.size})`}
        </Button>
        {total !== undefined && total > 0 ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm" disabled={busy}>
                {restoreAll.isPending ? 'Restoring…' : `Restore all ${count(total, 'listed product')}`}
              </Button>
            }
            title={`Restore ${count(total, 'product')}?`}
            description={`Every product listed${search.trim() ? ` for “${search.trim()}”` : ''} goes back into the catalogue with its price history and its places on category pages and the Under £15 list.`}
            confirmLabel={`Restore ${count(total, 'product')}`}
            confirmVariant="primary"
            onConfirm={restoreEveryListed}
          />
        ) : null}
        {chosen.size > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setChosen(new Set())}>
            Clear selection
          </Button>
        ) : null}
        <p className="text-sm text-slate-600" aria-live="polite">
          {chosen.size} selected across pages{offPage > 0 ? ` (${offPage} not on this page)` : ''}
        </p>
      </div>
      <AdminQueryState
        query={query}
        loading="Loading deleted products…"
        failed="Failed to load deleted products"
        inset
        empty={(d) =>
          d.products.length === 0 &&
          (search.trim() ? `No deleted product matches “${search.trim()}”.` : 'No product was deleted in the last 30 days.')
        }
      >
        {(d) => (
          <>
            <AdminDataTable
              caption={`Recently deleted products, page ${d.pagination.page} of ${d.pagination.totalPages}`}
              columns={columns}
              data={d.products}
              getRowId={(p) => p.asin}
              frame="bare"
              layout="cards"
              density="roomy"
              busy={query.isPlaceholderData}
              cellClassName="align-top text-sm text-slate-800"
            />
            <div className="px-4 pb-3">
              <AdminPager
                label="Deleted product pages"
                canPrevious={d.pagination.page > 1}
                canNext={d.pagination.page < d.pagination.totalPages}
                onPrevious={() => setPage(d.pagination.page - 1)}
                onNext={() => setPage(d.pagination.page + 1)}
              >
                Page {d.pagination.page} of {d.pagination.totalPages} ({count(d.pagination.total, 'deleted product')})
              </AdminPager>
            </div>
          </>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}
