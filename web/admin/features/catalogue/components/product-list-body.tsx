/**
 * What an admin product table shows for each state of its query: loading (first load), the error
 * with Try again, the empty catalogue (pointing at the import tab), no match for the filters (with
 * Clear filters), or the table itself.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { messageForPeople } from '../../../../lib/http.client';
import type { ProductList } from '../product-list.hook';

export function ProductListBody({ list, failure, children }: { list: ProductList; failure: string; children: ReactNode }) {
  const { query } = list;
  if (query.isPending) return <LoadingMessage />;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <p className="font-medium">{failure}</p>
        <p className="mt-1 text-sm">{messageForPeople(query.error, 'Please try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data && query.data.pagination.total === 0) {
    return list.filtered ? (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="font-medium text-slate-900">No products match these filters.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={list.clearFilters}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="font-medium text-slate-900">The catalogue is empty.</p>
        <p className="mt-1 text-sm text-slate-700">Import a CSV feed to add products.</p>
        <Link to="/admin/import" className={buttonClasses('secondary', 'sm', 'mt-3')}>
          Go to import
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}
