/**
 * The list of existing category pages (admin-area §2: product count, slug, inline-editable
 * affiliate tag with save or cancel, delete; §4 "Selecting a page shows its products"; §5 "A tag
 * edit needs a non-blank value", confirmation before deleting a category; §8 'Failed to update
 * affiliate tag: …' / 'Error updating affiliate tag. Please try again.'). A TanStack Table sorted
 * by name, product count or tag.
 */
import { createContext, useContext, useId, useState, type FormEvent } from 'react';
import { ExternalLink, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { createColumnHelper, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import type { AdminCategoryPage } from '../../../../../common/api/category-pages.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { writeErrorText, type CategoryPageWrites } from '../api';
import { AdminTable, adminSortingFeatures } from '../../../components/admin-data-table';

const TAG = /^[A-Za-z0-9_-]{1,64}$/;

/** What the cells need from the tab (a context keeps the column definitions stable). */
interface ListActions {
  writes: CategoryPageWrites;
  selectedSlug: string | null;
  onSelect: (slug: string | null) => void;
}
const Actions = createContext<ListActions | null>(null);
const useActions = () => useContext(Actions) as ListActions;

const features = tableFeatures({ ...adminSortingFeatures });
const helper = createColumnHelper<typeof features, AdminCategoryPage>();

const columns = helper.columns([
  helper.accessor('name', {
    header: 'Name',
    sortFn: 'alphanumeric',
    meta: { mobile: 'grow' },
    cell: (info) => <NameCell page={info.row.original} />,
  }),
  helper.accessor('productCount', {
    header: 'Products',
    sortFn: 'basic',
    meta: { align: 'right', mobileLabel: 'Products' },
    cell: (info) => <span className="tabular-nums">{info.getValue().toLocaleString('en-GB')}</span>,
  }),
  helper.accessor('affiliateTag', {
    header: 'Affiliate tag',
    sortFn: 'alphanumeric',
    meta: { mobile: 'full' },
    cell: (info) => <TagCell page={info.row.original} />,
  }),
  helper.display({
    id: 'actions',
    header: 'Actions',
    meta: { mobile: 'full' },
    cell: (info) => <RowActions page={info.row.original} />,
  }),
]);

function NameCell({ page }: { page: AdminCategoryPage }) {
  return (
    <div className="min-w-32">
      <p className="font-medium text-slate-900">{page.name}</p>
      <a
        href={`/category/${page.slug}`}
        target="_blank"
        rel="noopener"
        className="text-sm break-all text-blue-700 underline-offset-2 hover:underline"
      >
        /category/{page.slug}
        <span className="sr-only"> (public page, opens in a new tab)</span>
      </a>
      {page.isActive ? null : <p className="text-xs font-medium text-amber-800">Not active: shoppers cannot see it</p>}
    </div>
  );
}

/** The affiliate tag, edited inline: Edit → a field with Save and Cancel (Escape cancels). */
function TagCell({ page }: { page: AdminCategoryPage }) {
  const { writes } = useActions();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(page.affiliateTag);
  const [error, setError] = useState<string | null>(null);
  const saving = writes.updateTag.isPending && writes.updateTag.variables?.id === page.id;

  const cancel = () => {
    setEditing(false);
    setValue(page.affiliateTag);
    setError(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const tag = value.trim();
    if (tag === '') return setError('Please enter an affiliate tag.');
    if (!TAG.test(tag)) return setError('Only letters, digits, - and _.');
    writes.updateTag.mutate(
      { id: page.id, slug: page.slug, affiliateTag: tag },
      {
        onSuccess: () => {
          toast({ title: 'Affiliate tag updated', description: `Links on /category/${page.slug} now carry ${tag}.` });
          setEditing(false);
          setError(null);
        },
        onError: (e) =>
          toast({
            title: 'Tag not updated',
            description: writeErrorText(e, 'Failed to update affiliate tag', 'Error updating affiliate tag. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  if (!editing) {
    return (
      <div className="flex items-center gap-2">
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{page.affiliateTag}</code>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(page.affiliateTag);
            setEditing(true);
          }}
          aria-label={`Edit the affiliate tag of ${page.name}`}
        >
          <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
          Edit
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={save} className="flex min-w-56 flex-wrap items-start gap-2">
      <div className="w-40">
        <Input
          id={id}
          aria-label={`Affiliate tag of ${page.name}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && cancel()}
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-8 text-sm"
          maxLength={64}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the owner just asked to edit
          autoFocus
          spellCheck={false}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
      <Button variant="secondary" size="sm" onClick={cancel}>
        Cancel
      </Button>
    </form>
  );
}

function RowActions({ page }: { page: AdminCategoryPage }) {
  const { writes, selectedSlug, onSelect } = useActions();
  const open = selectedSlug === page.slug;
  const deleting = writes.remove.isPending && writes.remove.variables?.id === page.id;
  const confirmDelete = () =>
    writes.remove.mutate(
      { id: page.id, slug: page.slug },
      {
        onSuccess: ({ removedProducts }) => {
          // admin-area §2: deleting the selected page closes the products view.
          if (open) onSelect(null);
          toast({
            title: 'Category page deleted',
            description: `${page.name} is gone; its ${removedProducts} product${removedProducts === 1 ? '' : 's'} stay in the catalogue.`,
          });
        },
        onError: (e) =>
          toast({
            title: 'Category page not deleted',
            description: writeErrorText(e, 'Failed to delete category', 'Error deleting category. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant={open ? 'primary' : 'secondary'} size="sm" aria-pressed={open} onClick={() => onSelect(open ? null : page.slug)}>
        <ListChecks className="h-3.5 w-3.5" aria-hidden="true" />
        {open ? 'Hide Products' : 'View Products'}
        <span className="sr-only"> of {page.name}</span>
      </Button>
      <a href={`/category/${page.slug}`} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm', 'hidden md:inline-flex')}>
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        View page<span className="sr-only"> {page.name} (opens in a new tab)</span>
      </a>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" disabled={deleting}>
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
            {deleting ? 'Deleting…' : 'Delete'}
            <span className="sr-only"> {page.name}</span>
          </Button>
        }
        title={`Delete the category page "${page.name}"?`}
        description={`/category/${page.slug} will stop working and its ${page.productCount} product link${page.productCount === 1 ? '' : 's'} will be removed. The products stay in the catalogue. This cannot be undone.`}
        confirmLabel="Delete page"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

const INITIAL_SORTING: SortingState = [{ id: 'name', desc: false }];

/** The pages as a sortable table; `pages` must keep its identity between renders (query data). */
export function CategoryPagesList({ pages, ...actions }: { pages: AdminCategoryPage[] } & ListActions) {
  const [sorting, setSorting] = useState<SortingState>(INITIAL_SORTING);
  const table = useTable({
    features,
    columns,
    data: pages,
    getRowId: (page) => String(page.id),
    state: { sorting },
    onSortingChange: setSorting,
  });
  return (
    <Actions.Provider value={actions}>
      <AdminTable
        table={table}
        layout="cards"
        caption="Category pages, with their product counts and affiliate tags"
        rowClassName={(page) => (page.slug === actions.selectedSlug ? 'bg-blue-50' : undefined)}
      />
    </Actions.Provider>
  );
}
