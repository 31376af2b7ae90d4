/**
 * What an admin product table shows for each state of its query: loading (first load), the error
 * with Try again, the empty catalogue (pointing at the import tab), no match for the filters (with
 * Clear filters), or the table itself; in the admin area's shared state pieces (admin-states.tsx).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { AdminEmpty, AdminError } from '../../../components/admin-states';
import { messageForPeople } from '../../../../lib/http.client';
import type { ProductList } from '../product-list.hook';

export function ProductListBody({ list, failure, children }: { list: ProductList; failure: string; children: ReactNode }) {
  const { query } = list;
  if (query.isPending) return <LoadingMessage />;
  if (query.isError && !query.data) {
    return <AdminError title={failure} message={messageForPeople(query.error, 'Please try again.')} onRetry={() => void query.refetch()} />;
  }
  if (query.data && query.data.pagination.total === 0) {
    return list.filtered ? (
      <AdminEmpty>
        <p className="font-medium text-slate-900">No products match these filters.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={list.clearFilters}>
          Clear filters
        </Button>
      </AdminEmpty>
    ) : (
      <AdminEmpty>
        <p className="font-medium text-slate-900">The catalogue is empty.</p>
        <p className="mt-1 text-slate-700">Import a CSV feed to add products.</p>
        <Link to="/admin/import" className={buttonClasses('secondary', 'sm', 'mt-3')}>
          Go to import
        </Link>
      </AdminEmpty>
    );
  }
  return <>{children}</>;
}
